import type { Knex } from 'knex';
import { arrayRows } from '../../db/arrayRows';
import type { Db } from '../../db/connection';
import type { Board, Exchange } from '../../domain/symbols';
import { kindSql, whereBoard, whereExchange } from '../common/securityFilters.repository';
import { whereVisible } from '../common/visibleRows.repository';
import { DAY_BAR_COLUMNS, type StoredBar } from './market.repository';
import { VALUATION_FIELDS, valuationGroup } from '../../domain/dailyBasicColumns';
import type { RawDailyBar } from '../../domain/adjust';
import type { CrossSectionRow, ValuationRow } from './market.types';

export interface CrossSectionFilter {
  date: string;
  kind: 'stock' | 'index';
  exchange?: Exchange;
  board?: Board;
  industry?: string;
}

/** One day, of one industry's securities or of all. */
export type DayScope = Pick<CrossSectionFilter, 'date' | 'industry'>;

const valuationColumns = (alias: string) => VALUATION_FIELDS.map((field) => `${alias}.${field}`);

/** daily_basic's figures in the two groups its date-led covering indexes hold (MySQL: 16 columns an index). */
const VALUATION_GROUPS = [valuationGroup(0), valuationGroup(1)];

/**
 * Only the rows of one industry's securities when a filter names one: the codes from securities' industry
 * index (db/migrations/20261124000500), each looked up within the day, so one industry of 500 stocks costs
 * the same in a market of 550 as of 5,500. Reading the whole day and filtering after made it cost the market
 * (`make bench-scale`, bench/results/scale-*.json).
 */
function ofIndustry<Q extends Knex.QueryBuilder>(query: Q, codeColumn: string, industry: string | undefined): Q {
  return industry === undefined ? query : query.whereIn(codeColumn, (securities) => securities.from('securities').where('industry', industry).select('ts_code')) as Q;
}

/**
 * Every visible bar of one day with its security's name now, by code: one range of the date-led covering index
 * of daily_bars (db/migrations/20261124000300), securities (a small table) joined by key. A security without a
 * bar that day (suspended, not yet listed, delisted) is absent. A bar whose security the reference list lacks
 * (the demo's list of 2026 lacks 267 stocks that traded on 2025-04-03 and were delisted since) is kept without
 * a name, its kind, exchange and board from its code.
 */
export function crossSectionQuery(db: Db, filter: CrossSectionFilter, cutoff: string | null) {
  const query = ofIndustry(whereVisible(db('daily_bars as b'), 'b.trade_date', cutoff), 'b.ts_code', filter.industry)
    .leftJoin('securities as s', 's.ts_code', 'b.ts_code')
    .where('b.trade_date', filter.date)
    .whereRaw(`${kindSql('b.ts_code', 's.kind')} = ?`, [filter.kind])
    .select(...DAY_BAR_COLUMNS, 's.name')
    .orderBy('b.ts_code');
  if (filter.exchange) whereExchange(query, 'b.ts_code', filter.exchange);
  if (filter.board) whereBoard(query, 'b.ts_code', filter.board);
  return query;
}

/**
 * The name each security had on `date` (its latest name change started by then), for all of them in one read
 * of name_changes (about 20,000 rows for the whole market): a correlated subquery per row made MariaDB scan
 * the table's primary key once per security (`DEPENDENT SUBQUERY`, type index).
 */
async function namesOnDay(db: Db, { date, industry }: DayScope): Promise<Map<string, string>> {
  const rows: Array<{ ts_code: string; name: string }> = await ofIndustry(db('name_changes'), 'ts_code', industry).where('start_date', '<=', date).orderBy(['ts_code', 'start_date']).select('ts_code', 'name');
  return new Map(rows.map((row) => [row.ts_code, row.name]));
}

/** The factors of one day by code: one range of adj_factors' date-led covering index. */
async function factorsOfDay(db: Db, { date, industry }: DayScope): Promise<Map<string, number>> {
  return new Map(await arrayRows<[string, number]>(ofIndustry(db('adj_factors'), 'ts_code', industry).where('trade_date', date).select('ts_code', 'adj_factor')));
}

/** Each valuation field's group and place in its group's read (after the code). */
const VALUATION_PLACES = VALUATION_FIELDS.map((field) => {
  const group = VALUATION_GROUPS.findIndex((columns) => columns.includes(field));
  return [group, VALUATION_GROUPS[group]!.indexOf(field) + 1] as const;
});

/** The valuations of one day by code, in VALUATION_FIELDS' order: one range of each of daily_basic's two date-led covering indexes. */
async function valuationsOfDay(db: Db, { date, industry }: DayScope): Promise<Map<string, (number | null)[]>> {
  const groups = await Promise.all(
    VALUATION_GROUPS.map((columns) => arrayRows<[string, ...(number | null)[]]>(ofIndustry(db('daily_basic'), 'ts_code', industry).where('trade_date', date).select('ts_code', ...columns))),
  );
  const byGroup = groups.map((rows) => new Map(rows.map((row) => [row[0], row])));
  const codes = new Set(groups.flatMap((rows) => rows.map((row) => row[0])));
  return new Map(
    [...codes].map((code) => {
      const rows = byGroup.map((rowOf) => rowOf.get(code));
      return [code, VALUATION_PLACES.map(([group, at]) => (rows[group]?.[at] as number | null | undefined) ?? null)];
    }),
  );
}

/** A bar of crossSectionQuery as the array it is read in: DAY_BAR_COLUMNS, then the name. */
type DayBarValues = [string, string, ...(number | null)[]];
const AT = Object.fromEntries(DAY_BAR_COLUMNS.map((column, i) => [column.slice('b.'.length), i])) as Record<keyof RawDailyBar | 'ts_code', number>;
const NAME_AT = DAY_BAR_COLUMNS.length;
const NO_VALUATION: readonly null[] = VALUATION_FIELDS.map(() => null);

/**
 * Every visible bar of one day with its name of that day, factor and valuation, by code: four ranges of
 * date-led covering indexes read side by side as arrays (bars, factors, the two groups of valuations) and the
 * names of the day, joined here by code into one object per bar; no per-security query.
 */
export async function crossSectionRows(db: Db, filter: CrossSectionFilter, cutoff: string | null): Promise<CrossSectionRow[]> {
  const [bars, factors, valuations, names] = await Promise.all([
    arrayRows<DayBarValues>(crossSectionQuery(db, filter, cutoff)), factorsOfDay(db, filter), valuationsOfDay(db, filter), namesOnDay(db, filter),
  ]);
  const number = (values: DayBarValues, column: keyof RawDailyBar) => values[AT[column]] as number | null;
  return bars.map((values) => {
    const code = values[0];
    return {
      ts_code: code, trade_date: values[1], name: names.get(code) ?? (values[NAME_AT] as string | null) ?? null, listed: values[NAME_AT] !== null,
      open: number(values, 'open'), high: number(values, 'high'), low: number(values, 'low'), close: number(values, 'close'), pre_close: number(values, 'pre_close'),
      change: number(values, 'change'), pct_chg: number(values, 'pct_chg'), vol: number(values, 'vol'), amount: number(values, 'amount'), turnover: number(values, 'turnover'),
      adj_factor: factors.get(code) ?? null, valuation: valuations.get(code) ?? NO_VALUATION,
    };
  });
}

/** Every visible bar of one day in scope (the bases of a cross-section's adjusted pre_close) with its factor, by code. */
export async function barsOfDay(db: Db, scope: DayScope, cutoff: string | null): Promise<StoredBar[]> {
  const bars = ofIndustry(whereVisible(db('daily_bars as b'), 'b.trade_date', cutoff), 'b.ts_code', scope.industry).where('b.trade_date', scope.date).select(...DAY_BAR_COLUMNS);
  const [rows, factors] = await Promise.all([bars, factorsOfDay(db, scope)]);
  return rows.map((bar: Omit<StoredBar, 'adj_factor'>) => ({ ...bar, adj_factor: factors.get(bar.ts_code) ?? null }));
}

/** Stored valuations of securities from `begin` to `end`, by code then newest first (a backward scan of the primary key), as arrays. */
export async function valuationRows(db: Db, tsCodes: string[], begin: string, end: string): Promise<ValuationRow[]> {
  return arrayRows<ValuationRow>(
    db('daily_basic as v')
      .whereIn('v.ts_code', tsCodes)
      .whereBetween('v.trade_date', [begin, end])
      .orderBy([{ column: 'v.ts_code', order: 'desc' }, { column: 'v.trade_date', order: 'desc' }])
      .select('v.ts_code', 'v.trade_date', ...valuationColumns('v')),
  );
}
