import type { Db } from '../../db/connection';
import { DAILY_BAR_FIELDS } from '../../domain/tables/dailyBarColumns';
import type { MinuteTable } from '../../db/minutePartitions';
import type { RawDailyBar } from '../../domain/market/adjust';
import type { MinuteBar } from '../../domain/market/klines';
import { CALENDAR, whereHidden, whereVisible } from '../common/visibleRows.repository';
import { joinStates, withState } from './dayStates.repository';
import type { CalendarRow, FactorRow, SecurityAnchor, TradeRow } from './market.types';

/** Securities with their adjustment anchor, one query of per-security index lookups. */
export async function findSecurityAnchors(db: Db, tsCodes: string[], cutoff: string | null): Promise<SecurityAnchor[]> {
  const latestBar = () =>
    whereVisible(db('daily_bars as b').select('b.trade_date').whereRaw('b.ts_code = s.ts_code'), 'b.trade_date', cutoff)
      .orderBy('b.trade_date', 'desc')
      .limit(1);
  const anchorFactor = db('adj_factors as f')
    .select('f.adj_factor')
    .whereRaw('f.ts_code = s.ts_code')
    .where('f.trade_date', '<=', latestBar())
    .orderBy('f.trade_date', 'desc')
    .limit(1);
  const rows = await db('securities as s')
    .whereIn('s.ts_code', tsCodes)
    .select('s.ts_code', 's.name', 's.kind', latestBar().as('anchor_date'), anchorFactor.as('anchor_factor'));
  return rows.map((row) => ({ ...row, anchor_factor: row.anchor_factor === null ? null : Number(row.anchor_factor) }));
}

export async function calendarDays(
  db: Db,
  from: string,
  to: string,
  isOpen: boolean | undefined,
): Promise<CalendarRow[]> {
  const query = db('trade_calendar')
    .where({ exchange: CALENDAR })
    .whereBetween('cal_date', [from, to])
    .orderBy('cal_date')
    .select('cal_date', 'is_open', 'pretrade_date');
  if (isOpen !== undefined) query.where('is_open', isOpen ? 1 : 0);
  return query;
}

/** A stored bar's columns (`b`), as StoredBar names them but its factor. */
export const DAY_BAR_COLUMNS = [
  'b.ts_code',
  'b.trade_date',
  ...DAILY_BAR_FIELDS.map((column) => `b.${column}`),
  'b.turnover',
];
const BAR_COLUMNS = [...DAY_BAR_COLUMNS, 'f.adj_factor'];

export type StoredBar = RawDailyBar & { ts_code: string };

function barsWithFactors(db: Db, cutoff: string | null) {
  return whereVisible(
    db('daily_bars as b')
      .leftJoin('adj_factors as f', (join) => join.on('f.ts_code', 'b.ts_code').andOn('f.trade_date', 'b.trade_date'))
      .select(BAR_COLUMNS),
    'b.trade_date',
    cutoff,
  );
}

/** Visible unadjusted bars with their factors (and their day's state when `withStates`), by security then newest first. */
export async function dailyBars(
  db: Db,
  tsCodes: string[],
  begin: string | null,
  end: string,
  cutoff: string | null,
  limit: number | null = null,
  withStates = false,
): Promise<StoredBar[]> {
  const bars = barsWithFactors(db, cutoff);
  const query = (withStates ? joinStates(bars) : bars).whereIn('b.ts_code', tsCodes).where('b.trade_date', '<=', end);
  if (begin !== null) query.where('b.trade_date', '>=', begin);
  if (limit !== null) query.limit(limit);
  // Both keys descending: a backward scan of the primary key, no filesort (mixed directions would sort).
  const rows = await query.orderBy([
    { column: 'b.ts_code', order: 'desc' },
    { column: 'b.trade_date', order: 'desc' },
  ]);
  return withStates ? rows.map(withState) : rows;
}

/** Each security's bar just before `date` (the base of the first adjusted pre_close). */
export async function barsBefore(db: Db, tsCodes: string[], date: string, cutoff: string | null): Promise<StoredBar[]> {
  const previous = await db('securities as s')
    .whereIn('s.ts_code', tsCodes)
    .select(
      's.ts_code',
      db('daily_bars as p')
        .select('p.trade_date')
        .whereRaw('p.ts_code = s.ts_code')
        .where('p.trade_date', '<', date)
        .orderBy('p.trade_date', 'desc')
        .limit(1)
        .as('trade_date'),
    );
  const pairs = previous.filter((row) => row.trade_date !== null).map((row) => [row.ts_code, row.trade_date]);
  if (pairs.length === 0) return [];
  return barsWithFactors(db, cutoff).whereIn(['b.ts_code', 'b.trade_date'], pairs);
}

/** Stored factors of one security, newest first. */
export async function adjustmentFactors(
  db: Db,
  tsCode: string,
  begin: string | null,
  end: string,
): Promise<FactorRow[]> {
  const query = db('adj_factors')
    .where('ts_code', tsCode)
    .where('trade_date', '<=', end)
    .orderBy('trade_date', 'desc')
    .select('trade_date', 'adj_factor');
  if (begin !== null) query.where('trade_date', '>=', begin);
  return query;
}

/** The tables with a minute clock: the one-minute bars and ticks (pruned by retention) and the five-minute bars (kept). */
export type TimedTable = MinuteTable | 'five_minute_bars';
export type BarTable = 'intraday_bars' | 'five_minute_bars';

/** The newest trade date with minute bars (one- or five-minute) or ticks of a security, visible under the cutoff. */
export async function latestSession(
  db: Db,
  table: TimedTable,
  tsCode: string,
  cutoff: string | null,
): Promise<string | null> {
  const row = await whereVisible(db(table).where('ts_code', tsCode).select('trade_time'), 'trade_time', cutoff)
    .orderBy('trade_time', 'desc')
    .first();
  return row ? String(row.trade_time).slice(0, 10) : null;
}

/** The first stored minute bar or tick time of a security past the cutoff (within `range` when given), or null. */
export async function firstHiddenMinute(
  db: Db,
  table: TimedTable,
  tsCode: string,
  cutoff: string,
  range: { from: string; to: string } | null,
): Promise<string | null> {
  const query = whereHidden(db(table).where('ts_code', tsCode), 'trade_time', cutoff);
  if (range !== null) query.whereBetween('trade_time', [range.from, range.to]);
  const row = await query.orderBy('trade_time').first('trade_time');
  return row ? String(row.trade_time) : null;
}

/** A security's visible bars of a minute-bar table between two Beijing times (inclusive). */
const visibleBars = (db: Db, table: BarTable, tsCode: string, from: string, to: string, cutoff: string | null) =>
  whereVisible(db(table).where('ts_code', tsCode).whereBetween('trade_time', [from, to]), 'trade_time', cutoff);

/** Visible minute bars (one-minute ones, or the five-minute ones) of a security between two Beijing times (inclusive), oldest first. */
export async function minuteBars(
  db: Db,
  tsCode: string,
  from: string,
  to: string,
  cutoff: string | null,
  table: BarTable = 'intraday_bars',
): Promise<MinuteBar[]> {
  return visibleBars(db, table, tsCode, from, to, cutoff)
    .orderBy('trade_time')
    .select('trade_time', 'open', 'high', 'low', 'close', 'vol', 'amount');
}

/** Whether a security has a visible one-minute bar between two Beijing times (one index probe). */
export async function hasMinuteBars(
  db: Db,
  tsCode: string,
  from: string,
  to: string,
  cutoff: string | null,
): Promise<boolean> {
  return (await visibleBars(db, 'intraday_bars', tsCode, from, to, cutoff).first('trade_time')) !== undefined;
}

/** Factors by date for a set of days of one security (minute klines adjust by the day's factor). */
export async function factorsOn(db: Db, tsCode: string, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db('adj_factors')
    .where('ts_code', tsCode)
    .whereBetween('trade_date', [from, to])
    .select('trade_date', 'adj_factor');
  return new Map(rows.map((row) => [row.trade_date, Number(row.adj_factor)]));
}

/** Visible ticks of one session after the position (trade_time, seq), in time order; one more than asked, to tell `has_more`. */
export async function ticksAfter(
  db: Db,
  tsCode: string,
  date: string,
  after: { time: string; seq: number } | null,
  limit: number,
  cutoff: string | null,
): Promise<TradeRow[]> {
  const query = whereVisible(
    db('trades')
      .where('ts_code', tsCode)
      .whereBetween('trade_time', [`${date} 00:00:00`, `${date} 23:59:59`]),
    'trade_time',
    cutoff,
  );
  if (after) {
    query.where((q) =>
      q
        .where('trade_time', '>', after.time)
        .orWhere((same) => same.where('trade_time', after.time).where('seq', '>', after.seq)),
    );
  }
  return query
    .orderBy([{ column: 'trade_time' }, { column: 'seq' }])
    .limit(limit + 1)
    .select('trade_time', 'seq', 'price', 'volume', 'amount', 'side');
}
