import type { Knex } from 'knex';
import { arrayRows } from '../../db/arrayRows';
import type { Db } from '../../db/connection';
import type { Board, Exchange, SecurityKind } from '../../domain/reference/symbols';
import { whereBoard, whereExchange } from '../common/securityFilters.repository';
import type { SecurityDirectory } from '../../domain/reference/securityDirectory';
import { whereVisible } from '../common/visibleRows.repository';
import { DAY_BAR_COLUMNS } from './market.repository';
import { VALUATION_FIELDS, VALUATION_GROUPS } from '../../domain/tables/dailyBasicColumns';
import type { PreviousBar } from '../../domain/market/adjust';
import type { CrossSectionRow, ValuationRow } from './market.types';
import { dayRows, type DayBarValues, type ValuationValues } from './dayColumns.service';

export interface CrossSectionFilter {
  date: string;
  kind: SecurityKind;
  exchange?: Exchange;
  board?: Board;
  industry?: string;
}

/** One day, of one industry's securities or of all. */
export type DayScope = Pick<CrossSectionFilter, 'date' | 'industry'>;

const valuationColumns = (alias: string) => VALUATION_FIELDS.map((field) => `${alias}.${field}`);

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
  return dayRows(
    filter.date,
    bars.filter((values) => directory.kindOf(values[0]) === filter.kind),
    directory,
    factors,
    groups,
  );
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
