import type { Knex } from 'knex';
import { arrayRows } from '../../db/arrayRows';
import type { Db } from '../../db/connection';
import type { Board, Exchange } from '../../domain/symbols';
import { kindSql, whereBoard, whereExchange } from '../common/securityFilters.repository';
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
  return new Map(await arrayRows<[string, string]>(ofIndustry(db('name_changes'), 'ts_code', industry).where('start_date', '<=', date).orderBy(['ts_code', 'start_date']).select('ts_code', 'name')));
}

/** The factors of one day by code: one range of adj_factors' date-led covering index. */
async function factorsOfDay(db: Db, { date, industry }: DayScope): Promise<Map<string, number>> {
  return new Map(await arrayRows<[string, number]>(ofIndustry(db('adj_factors'), 'ts_code', industry).where('trade_date', date).select('ts_code', 'adj_factor')));
}

/** Each valuation field's group and place in its group's read (after the code), in VALUATION_FIELDS' order. */
const VALUATION_PLACES = VALUATION_FIELDS.map((field) => {
  const group = VALUATION_GROUPS.findIndex((columns) => columns.includes(field));
  return [group, VALUATION_GROUPS[group]!.indexOf(field) + 1] as const;
});

/** A valuation group's row of one security as read: the code, then the group's figures. */
type ValuationValues = [string, ...(number | null)[]];

/** Each of daily_basic's two valuation groups of one day, by code: one range of each group's date-led covering index. */
async function valuationsOfDay(db: Db, { date, industry }: DayScope): Promise<Map<string, ValuationValues>[]> {
  const groups = await Promise.all(VALUATION_GROUPS.map((columns) => arrayRows<ValuationValues>(ofIndustry(db('daily_basic'), 'ts_code', industry).where('trade_date', date).select('ts_code', ...columns))));
  return groups.map((rows) => new Map(rows.map((row) => [row[0], row])));
}

/** A bar of crossSectionQuery as the array it is read in: DAY_BAR_COLUMNS, then the name. */
type DayBarValues = [string, string, ...(number | null)[]];
const AT = Object.fromEntries(DAY_BAR_COLUMNS.map((column, i) => [column.slice('b.'.length), i])) as Record<keyof RawDailyBar | 'ts_code', number>;
const NAME_AT = DAY_BAR_COLUMNS.length;

/**
 * A row of the day read where it was read: the bar's array and the valuation groups' arrays as the database
 * gave them, behind the fields of a CrossSectionRow. The whole market is 5,000 rows that live as long as the
 * request, and a copy of each in an object of its own doubled what the request kept alive, all of it promoted
 * to the old generation by the collections a whole-market answer triggers while it is built.
 */
class DayRow implements CrossSectionRow {
  constructor(
    private readonly values: DayBarValues,
    readonly name: string | null,
    readonly adj_factor: number | null,
    private readonly ratios: ValuationValues | undefined,
    private readonly shares: ValuationValues | undefined,
  ) {}

  get ts_code(): string {
    return this.values[0];
  }
  get trade_date(): string {
    return this.values[1];
  }
  get listed(): boolean {
    return this.values[NAME_AT] !== null;
  }
  get open() {
    return this.number(AT.open);
  }
  get high() {
    return this.number(AT.high);
  }
  get low() {
    return this.number(AT.low);
  }
  get close() {
    return this.number(AT.close);
  }
  get pre_close() {
    return this.number(AT.pre_close);
  }
  get change() {
    return this.number(AT.change);
  }
  get pct_chg() {
    return this.number(AT.pct_chg);
  }
  get vol() {
    return this.number(AT.vol);
  }
  get amount() {
    return this.number(AT.amount);
  }
  get turnover() {
    return this.number(AT.turnover);
  }

  valuationAt(field: number): number | null {
    const place = VALUATION_PLACES[field]!;
    return ((place[0] === 0 ? this.ratios : this.shares)?.[place[1]] as number | null | undefined) ?? null;
  }

  private number(at: number): number | null {
    return this.values[at] as number | null;
  }
}

/**
 * Every visible bar of one day with its name of that day, factor and valuation, by code: four ranges of
 * date-led covering indexes read side by side as arrays (bars, factors, the two groups of valuations) and the
 * names of the day, joined here by code (DayRow); no per-security query.
 */
export async function crossSectionRows(db: Db, filter: CrossSectionFilter, cutoff: string | null): Promise<CrossSectionRow[]> {
  const [bars, factors, [ratios, shares], names] = await Promise.all([
    arrayRows<DayBarValues>(crossSectionQuery(db, filter, cutoff)), factorsOfDay(db, filter), valuationsOfDay(db, filter), namesOnDay(db, filter),
  ]);
  return bars.map((values) => {
    const code = values[0];
    return new DayRow(values, names.get(code) ?? (values[NAME_AT] as string | null) ?? null, factors.get(code) ?? null, ratios!.get(code), shares!.get(code));
  });
}

/**
 * The close and factor of every visible bar of one day in scope, by code (the bases of the next day's adjusted
 * pre_close, and the anchors of the latest day): two ranges of date-led covering indexes read as arrays. Whole
 * bars as objects, two days of them, were most of what a whole-market request kept alive.
 */
export async function closesOfDay(db: Db, scope: DayScope, cutoff: string | null): Promise<Map<string, PreviousBar>> {
  const closes = ofIndustry(whereVisible(db('daily_bars'), 'trade_date', cutoff), 'ts_code', scope.industry).where('trade_date', scope.date).select('ts_code', 'close');
  const [rows, factors] = await Promise.all([arrayRows<[string, number | null]>(closes), factorsOfDay(db, scope)]);
  return new Map(rows.map(([code, close]) => [code, { close, adj_factor: factors.get(code) ?? null }]));
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
