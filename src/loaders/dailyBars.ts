import type { Knex } from 'knex';
import { toSqlDateTime } from '../domain/time/dates';
import { CONVERTIBLE_BARS } from '../domain/tables/instrumentLayouts';
import { DAILY_BARS } from '../domain/tables/marketLayouts';
import { columnsOf, type TableLayout } from '../domain/tables/tableLayout';
import { isPublishedIndexCode } from '../domain/reference/symbols';
import { upsertRows } from '../db/bulkWrite';
import type { Row, TableLoad } from './loaderTypes';
import { withStoredTurnover } from './turnover';
import { layoutLoad, layoutRow } from './layoutRows';
import { difference, num, required, requiredDate, requiredNum, text } from './fieldParsers';
import { securityIdentity } from './securityRows';

/**
 * Tushare `daily`, `index_daily` and `fund_daily` (same columns and units, from the bar registry
 * src/domain/tables/dailyBarColumns.ts: vol in lots, amount in thousand yuan → yuan), and `cb_daily` (amount in
 * ten thousand yuan: CONVERTIBLE_BARS); a file lacking any of them is refused.
 * `published_at` is when the bar was first loaded (UTC); a reload keeps it, so plan delays stay put.
 * `turnover` comes from daily_basic (see ./turnover).
 */
function dailyBarsOf(layout: TableLayout): TableLoad {
  const publishedAt = toSqlDateTime(new Date());
  return layoutLoad(layout, 'market', {
    columns: columnsOf(layout),
    keep: ['published_at'],
    toRow: (values) => Object.assign(layoutRow(layout, values), { published_at: publishedAt }),
    beforeWrite: withStoredTurnover,
  });
}

export const daily = async (): Promise<TableLoad> => dailyBarsOf(DAILY_BARS);
export const indexDaily = daily;
export const fundDaily = daily;
export const cbDaily = async (): Promise<TableLoad> => dailyBarsOf(CONVERTIBLE_BARS);

/** What a sw_daily row carries beside its bar: its index's name and its valuation (daily_basic's columns). */
const SW_VALUATION = ['pe', 'pb', 'circ_mv', 'total_mv'] as const;
const SW_EXTRA = ['name', ...SW_VALUATION] as const;

/** A batch of sw_daily bars: their valuations written to daily_basic, their unlisted indices listed, the bars returned. */
async function withIndustryValuations(trx: Knex.Transaction, rows: Row[]): Promise<Row[]> {
  const valuations: Row[] = [];
  const names = new Map<string, string>();
  for (const row of rows) {
    const valuation: Row = { ts_code: row.ts_code!, trade_date: row.trade_date! };
    for (const column of SW_VALUATION) valuation[column] = row[column] ?? null;
    valuations.push(valuation);
    if (typeof row.name === 'string') names.set(row.ts_code as string, row.name);
    for (const column of SW_EXTRA) delete row[column];
  }
  await upsertRows(trx, { table: 'daily_basic', key: ['ts_code', 'trade_date'] }, valuations);
  await upsertRows(
    trx,
    { table: 'securities', key: ['ts_code'], onConflict: 'ignore' },
    [...names].map(([code, name]) => ({ ...securityIdentity(code, 'index', name), list_status: 'L' })),
  );
  return rows;
}

/**
 * Tushare `sw_daily` (doc 327, https://tushare.pro/document/2?doc_id=327): Shenwan's industry indices (2021
 * classification, `.SI`), each row a day's bar and the industry's valuation. The bar goes to `daily_bars`,
 * where every index's bars are (points; `vol` 万股 → lots, `amount` 万元 → yuan; sw_daily sends no previous
 * close: `pre_close` is `close − change`, null without a change), and the valuation to `daily_basic` in the
 * same transaction (`pe`, `pb`; `float_mv` and `total_mv` 万元 → yuan as `circ_mv` and `total_mv`). An index not listed yet (index_basic
 * not loaded) is listed under the name its row sends. Only `ts_code`, `trade_date` and `close` are required:
 * the doc's own example asks for seven fields. `published_at` is when the load began, as for the other bars.
 */
export const swDaily = async (): Promise<TableLoad> => {
  const publishedAt = toSqlDateTime(new Date());
  return {
    table: 'daily_bars',
    key: ['ts_code', 'trade_date'],
    columns: ['ts_code', 'trade_date', 'close'],
    dataset: 'market',
    keep: ['published_at'],
    toRow(values) {
      const code = required(values, 'ts_code');
      if (!code.endsWith('.SI') || !isPublishedIndexCode(code)) throw new Error(`not a Shenwan index code: ${code}`);
      return {
        ts_code: code,
        trade_date: requiredDate(values, 'trade_date'),
        open: num(values, 'open'),
        high: num(values, 'high'),
        low: num(values, 'low'),
        close: requiredNum(values, 'close'),
        pre_close: difference(values, 'close', 'change'),
        change: num(values, 'change'),
        pct_chg: num(values, 'pct_change'),
        vol: num(values, 'vol', 2),
        amount: num(values, 'amount', 4),
        published_at: publishedAt,
        name: text(values, 'name'),
        pe: num(values, 'pe'),
        pb: num(values, 'pb'),
        circ_mv: num(values, 'float_mv', 4),
        total_mv: num(values, 'total_mv', 4),
      };
    },
    beforeWrite: withIndustryValuations,
  };
};
