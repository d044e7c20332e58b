import type { Knex } from 'knex';
import { arrayRows } from '../../db/arrayRows';
import type { Db } from '../../db/connection';
import {
  boardOf,
  exchangeOfStandard,
  type Board,
  type Exchange,
  type SecurityKind,
} from '../../domain/reference/symbols';
import { marketVersion, storedDayNumbers, storeDayNumbers, type DayNumbers } from '../../db/storedDays';
import type { SecurityDirectory } from '../../domain/reference/securityDirectory';
import { whereVisible } from '../common/visibleRows.repository';
import { DAY_BAR_COLUMNS } from './market.repository';
import { VALUATION_FIELDS, VALUATION_GROUPS } from '../../domain/tables/dailyBasicColumns';
import type { PreviousBar } from '../../domain/market/adjust';
import type { CrossSectionRow, ValuationRow } from './market.types';
import type { BarState } from '../../domain/market/adjust';
import {
  closesOf,
  DAY_LAYOUT,
  dayNumbersOf,
  DAY_STATE_COLUMNS,
  dayRows,
  type DayBarValues,
  type DayStateValues,
  type ValuationValues,
} from './dayColumns.service';

export interface CrossSectionFilter {
  date: string;
  kind: SecurityKind;
  exchange?: Exchange;
  board?: Board;
  /** The stock list's label: one industry's rows read by its codes. */
  industry?: string;
  /** A Shenwan industry's members that day: kept from the whole day's rows. */
  members?: ReadonlySet<string>;
  /** The day's states asked: each row gives its own, the suspended securities are rows, the state filters apply. */
  states?: boolean;
  riskWarning?: NonNullable<BarState['risk_warning']>;
  limitMove?: NonNullable<BarState['limit_move']>;
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
 * Every visible bar of one day in scope, by code: one range of the date-led covering index of daily_bars
 * (db/migrations/20261124000300). The kind and the names come from the security directory in memory
 * (crossSectionRows): joining securities to every bar in SQL cost more than reading the bars.
 */
export function crossSectionQuery(db: Db, scope: DayScope, cutoff: string | null) {
  return ofIndustry(whereVisible(db('daily_bars as b'), 'b.trade_date', cutoff), 'b.ts_code', scope.industry)
    .where('b.trade_date', scope.date)
    .select(...DAY_BAR_COLUMNS)
    .orderBy('b.ts_code');
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

/** The states of one day by code (with the suspended securities'): one range of day_states' date-led index. */
function statesOfDay(db: Db, { date, industry }: DayScope): Promise<DayStateValues[]> {
  return arrayRows<DayStateValues>(
    ofIndustry(db('day_states'), 'ts_code', industry)
      .where('trade_date', date)
      .select(...DAY_STATE_COLUMNS),
  );
}

/**
 * The numbers of every visible bar of one day in scope, with its factor, valuation and state, and a row of each
 * security suspended that day (DAY_LAYOUT). A whole day the plan sees (no industry named, not past its cut-off)
 * is one row of stored_days when a read before kept it; else five ranges of date-led indexes read side by side
 * as arrays (bars, factors, the two groups of valuations, the states), copied into the day's numbers and kept
 * for the next read. A day that changes after
 * it is kept is forgotten by the load that changes it (src/ingest/loadTable.ts).
 */
async function dayNumbers(db: Db, scope: DayScope, cutoff: string | null): Promise<DayNumbers> {
  const whole = scope.industry === undefined && (cutoff === null || scope.date <= cutoff);
  const stored = whole ? await storedDayNumbers(db, scope.date, DAY_LAYOUT) : null;
  if (stored !== null) return stored;
  const readUnder = whole ? await marketVersion(db) : 0;
  const [bars, factors, groups, states] = await Promise.all([
    arrayRows<DayBarValues>(crossSectionQuery(db, scope, cutoff)),
    factorsOfDay(db, scope),
    valuationsOfDay(db, scope),
    statesOfDay(db, scope),
  ]);
  const day = dayNumbersOf(bars, factors, groups, states);
  // Kept after the answer starts, not before it: a store that fails costs the next read of the day its ranges.
  if (whole && day.codes.length > 0) void storeDayNumbers(db, scope.date, DAY_LAYOUT, day, readUnder).catch(() => {});
  return day;
}

/**
 * Every visible bar of one day of the filter's kind, exchange, board and industry with its name of that day,
 * factor and valuation, by code: the day's numbers (dayNumbers), the kinds, names and code ranges from the security
 * directory; no per-security query. A bar whose security the reference list lacks (a list of today lacks the
 * stocks delisted since the day) is kept without a name, its kind by its code.
 */
export async function crossSectionRows(
  db: Db,
  directory: SecurityDirectory,
  filter: CrossSectionFilter,
  cutoff: string | null,
): Promise<CrossSectionRow[]> {
  const { kind, exchange, board, members, states = false, riskWarning, limitMove } = filter;
  const rows = dayRows(
    filter.date,
    await dayNumbers(db, filter, cutoff),
    directory,
    (code) =>
      directory.kindOf(code) === kind &&
      (exchange === undefined || exchangeOfStandard(code) === exchange) &&
      // B shares (quoted in USD and HKD) only when their board is asked: the whole market's figures stay in yuan.
      (board === undefined ? boardOf(code) !== 'b_share' : boardOf(code) === board) &&
      (members === undefined || members.has(code)),
    states,
  );
  return riskWarning === undefined && limitMove === undefined
    ? rows
    : rows.filter(
        (row) =>
          (riskWarning === undefined || row.stateField('risk_warning') === riskWarning) &&
          (limitMove === undefined || row.stateField('limit_move') === limitMove),
      );
}

/**
 * The close and factor of every visible bar of one day in scope, by code (the bases of the next day's adjusted
 * pre_close, and the anchors of the latest day), from the day's numbers.
 */
export async function closesOfDay(db: Db, scope: DayScope, cutoff: string | null): Promise<Map<string, PreviousBar>> {
  return closesOf(await dayNumbers(db, scope, cutoff));
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
