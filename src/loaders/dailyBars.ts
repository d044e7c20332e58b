import { toSqlDateTime } from '../domain/time/dates';
import { CONVERTIBLE_BARS } from '../domain/tables/instrumentLayouts';
import { DAILY_BARS } from '../domain/tables/marketLayouts';
import { columnsOf, type TableLayout } from '../domain/tables/tableLayout';
import type { TableLoad } from './loaderTypes';
import { withStoredTurnover } from './turnover';
import { layoutLoad, layoutRow } from './layoutRows';

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
