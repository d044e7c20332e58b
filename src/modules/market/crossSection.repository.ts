import type { Knex } from 'knex';
import { arrayRows } from '../../db/arrayRows';
import type { Db } from '../../db/connection';
import type { Board, Exchange } from '../../domain/symbols';
import { whereBoard, whereExchange } from '../common/securityFilters.repository';
import type { SecurityDirectory } from '../../domain/securityDirectory';
import { whereVisible } from '../common/visibleRows.repository';
import { DAY_BAR_COLUMNS } from './market.repository';
import { VALUATION_FIELDS, valuationGroup } from '../../domain/dailyBasicColumns';
import type { PreviousBar, RawDailyBar } from '../../domain/adjust';
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
  return industry === undefined
    ? query
    : (query.whereIn(codeColumn, (securities) =>
        securities.from('securities').where('industry', industry).select('ts_code'),
      ) as Q);
}

/**
 * Every visible bar of one day, by code: one range of the date-led covering index of daily_bars
 * (db/migrations/20261124000300). The kind and the names come from the security directory in memory
 * (crossSectionRows): joining securities to every bar in SQL cost more than reading the bars.
 */
export function crossSectionQuery(db: Db, filter: CrossSectionFilter, cutoff: string | null) {
  const query = ofIndustry(whereVisible(db('daily_bars as b'), 'b.trade_date', cutoff), 'b.ts_code', filter.industry)
    .where('b.trade_date', filter.date)
    .select(...DAY_BAR_COLUMNS)
    .orderBy('b.ts_code');
  if (filter.exchange) whereExchange(query, 'b.ts_code', filter.exchange);
  if (filter.board) whereBoard(query, 'b.ts_code', filter.board);
  return query;
}

/** The factors of one day by code: one range of adj_factors' date-led covering index. */
async function factorsOfDay(db: Db, { date, industry }: DayScope): Promise<Map<string, number>> {
  return new Map(
    await arrayRows<[string, number]>(
      ofIndustry(db('adj_factors'), 'ts_code', industry).where('trade_date', date).select('ts_code', 'adj_factor'),
    ),
  );
}

/** A valuation group's row of one security as read: the code, then the group's figures. */
type ValuationValues = [string, ...(number | null)[]];

/** Each of daily_basic's two valuation groups of one day: one range of each group's date-led covering index. */
function valuationsOfDay(db: Db, { date, industry }: DayScope): Promise<ValuationValues[][]> {
  return Promise.all(
    VALUATION_GROUPS.map((columns) =>
      arrayRows<ValuationValues>(
        ofIndustry(db('daily_basic'), 'ts_code', industry)
          .where('trade_date', date)
          .select('ts_code', ...columns),
      ),
    ),
  );
}

/** A bar of crossSectionQuery as the array it is read in: DAY_BAR_COLUMNS. */
type DayBarValues = [string, string, ...(number | null)[]];

/** The numbers of a row of the day, in this order: the bar's (DAY_BAR_COLUMNS after code and date), its factor, then VALUATION_FIELDS. */
const BAR_NUMBERS = DAY_BAR_COLUMNS.slice(2).map((column) => column.slice('b.'.length) as keyof RawDailyBar);
const FACTOR_AT = BAR_NUMBERS.length;
const VALUATION_AT = FACTOR_AT + 1;
const STRIDE = VALUATION_AT + VALUATION_FIELDS.length;
const NUMBER_AT = Object.fromEntries(BAR_NUMBERS.map((field, i) => [field, i])) as Record<keyof RawDailyBar, number>;
/** The column of each figure of each valuation group's read (after the code). */
const GROUP_COLUMNS = VALUATION_GROUPS.map((columns) =>
  columns.map((column) => VALUATION_AT + VALUATION_FIELDS.indexOf(column as (typeof VALUATION_FIELDS)[number])),
);

/**
 * One day's rows as columns: codes and names, and every number of every row in one Float64Array (null as NaN,
 * which a stored figure never is). The whole market is 5,000 rows that live as long as the request; as the
 * database's row arrays, with every figure a heap number of its own, they were most of what a whole-market
 * answer kept alive, promoted to the old generation by the collections its writing triggers
 * (`make bench-cross-section`'s RSS while CSVs stream).
 */
class DayColumns {
  readonly numbers: Float64Array;

  constructor(
    readonly date: string,
    readonly codes: readonly string[],
    readonly names: readonly (string | null)[],
    readonly listed: Uint8Array,
  ) {
    this.numbers = new Float64Array(codes.length * STRIDE).fill(Number.NaN);
  }

  set(row: number, column: number, value: number | null | undefined): void {
    if (value !== null && value !== undefined) this.numbers[row * STRIDE + column] = value;
  }

  number(row: number, column: number): number | null {
    const value = this.numbers[row * STRIDE + column]!;
    return Number.isNaN(value) ? null : value;
  }
}

/** A row of the day: its place in the day's columns, behind the fields of a CrossSectionRow. */
class DayRow implements CrossSectionRow {
  constructor(
    private readonly day: DayColumns,
    private readonly at: number,
  ) {}

  get ts_code(): string {
    return this.day.codes[this.at]!;
  }
  get trade_date(): string {
    return this.day.date;
  }
  get name(): string | null {
    return this.day.names[this.at]!;
  }
  get listed(): boolean {
    return this.day.listed[this.at] === 1;
  }
  get open() {
    return this.day.number(this.at, NUMBER_AT.open);
  }
  get high() {
    return this.day.number(this.at, NUMBER_AT.high);
  }
  get low() {
    return this.day.number(this.at, NUMBER_AT.low);
  }
  get close() {
    return this.day.number(this.at, NUMBER_AT.close);
  }
  get pre_close() {
    return this.day.number(this.at, NUMBER_AT.pre_close);
  }
  get change() {
    return this.day.number(this.at, NUMBER_AT.change);
  }
  get pct_chg() {
    return this.day.number(this.at, NUMBER_AT.pct_chg);
  }
  get vol() {
    return this.day.number(this.at, NUMBER_AT.vol);
  }
  get amount() {
    return this.day.number(this.at, NUMBER_AT.amount);
  }
  get turnover() {
    return this.day.number(this.at, NUMBER_AT.turnover);
  }
  get adj_factor() {
    return this.day.number(this.at, FACTOR_AT);
  }

  valuationAt(field: number): number | null {
    return this.day.number(this.at, VALUATION_AT + field);
  }
}

/** The day's columns from the bars, factors and valuation groups as read (which are garbage once copied), each bar's name of the day and whether it is listed from the directory. */
function dayColumns(
  date: string,
  bars: DayBarValues[],
  directory: SecurityDirectory,
  factors: Map<string, number>,
  groups: ValuationValues[][],
): DayColumns {
  const codes = bars.map((values) => values[0]);
  const day = new DayColumns(
    date,
    codes,
    codes.map((code) => directory.nameOn(code, date)),
    Uint8Array.from(codes, (code) => (directory.has(code) ? 1 : 0)),
  );
  const rowOf = new Map(codes.map((code, row) => [code, row]));
  // Plain loops: a closure per row and value made copying the day cost as much as reading it.
  for (let row = 0; row < bars.length; row++) {
    const values = bars[row]!;
    for (let i = 0; i < BAR_NUMBERS.length; i++) day.set(row, i, values[2 + i] as number | null);
    day.set(row, FACTOR_AT, factors.get(values[0]));
  }
  for (let group = 0; group < groups.length; group++) {
    const columns = GROUP_COLUMNS[group]!;
    for (const values of groups[group]!) {
      const row = rowOf.get(values[0]);
      if (row === undefined) continue;
      for (let i = 0; i < columns.length; i++) day.set(row, columns[i]!, values[1 + i] as number | null);
    }
  }
  return day;
}

/**
 * Every visible bar of one day of the filter's kind with its name of that day, factor and valuation, by code:
 * four ranges of date-led covering indexes read side by side as arrays (bars, factors, the two groups of
 * valuations), the kinds and names from the security directory, copied into the day's columns (DayColumns);
 * no per-security query. A bar whose security the reference list lacks (a list of today lacks the stocks
 * delisted since the day) is kept without a name, its kind by its code.
 */
export async function crossSectionRows(
  db: Db,
  directory: SecurityDirectory,
  filter: CrossSectionFilter,
  cutoff: string | null,
): Promise<CrossSectionRow[]> {
  const [bars, factors, groups] = await Promise.all([
    arrayRows<DayBarValues>(crossSectionQuery(db, filter, cutoff)),
    factorsOfDay(db, filter),
    valuationsOfDay(db, filter),
  ]);
  const day = dayColumns(
    filter.date,
    bars.filter((values) => directory.kindOf(values[0]) === filter.kind),
    directory,
    factors,
    groups,
  );
  return day.codes.map((_code, at) => new DayRow(day, at));
}

/**
 * The close and factor of every visible bar of one day in scope, by code (the bases of the next day's adjusted
 * pre_close, and the anchors of the latest day): two ranges of date-led covering indexes read as arrays. Whole
 * bars as objects, two days of them, were most of what a whole-market request kept alive.
 */
export async function closesOfDay(db: Db, scope: DayScope, cutoff: string | null): Promise<Map<string, PreviousBar>> {
  const closes = ofIndustry(whereVisible(db('daily_bars'), 'trade_date', cutoff), 'ts_code', scope.industry)
    .where('trade_date', scope.date)
    .select('ts_code', 'close');
  const [rows, factors] = await Promise.all([arrayRows<[string, number | null]>(closes), factorsOfDay(db, scope)]);
  return new Map(rows.map(([code, close]) => [code, { close, adj_factor: factors.get(code) ?? null }]));
}

/** Stored valuations of securities from `begin` to `end`, by code then newest first (a backward scan of the primary key), as arrays. */
export async function valuationRows(db: Db, tsCodes: string[], begin: string, end: string): Promise<ValuationRow[]> {
  return arrayRows<ValuationRow>(
    db('daily_basic as v')
      .whereIn('v.ts_code', tsCodes)
      .whereBetween('v.trade_date', [begin, end])
      .orderBy([
        { column: 'v.ts_code', order: 'desc' },
        { column: 'v.trade_date', order: 'desc' },
      ])
      .select('v.ts_code', 'v.trade_date', ...valuationColumns('v')),
  );
}
