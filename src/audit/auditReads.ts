import type { Knex } from 'knex';
import type { AuditBar } from '../domain/quality/barChecks';
import type { AuditFactor } from '../domain/quality/factorChecks';
import type { Distribution } from '../domain/quality/distributions';
import type { BalanceSheetTotals } from '../domain/quality/statementChecks';
import type { SourceDay } from '../domain/quality/sourceChecks';
import { isGrowthBoardFund } from '../domain/quality/priceLimits';
import type { NameSpan, SourceLimit, SourceLimitListRow, StreakOn } from '../domain/quality/dayStates';
import { addDays } from '../domain/time/calendar';

import type { SecurityKind } from '../domain/reference/symbols';
import { dayOfDateTime, storedDay } from '../db/sql';
import { groupBy } from '../domain/api/collections';

/** A security the audit reads: its kind, listed life and, of a fund, whether it tracks the growth boards. */
export interface AuditedSecurity {
  ts_code: string;
  kind: SecurityKind;
  list_date: string | null;
  delist_date: string | null;
  growthFund: boolean;
}

/** A range of days read: `from` may reach before the audited range, for the day before its first. */
export interface DayRange {
  from: string | null;
  until: string | null;
}

const inRange = (query: Knex.QueryBuilder, column: string, { from, until }: DayRange) => {
  if (from !== null) query.where(column, '>=', from);
  if (until !== null) query.where(column, '<=', until);
  return query;
};

const dayOf = (value: unknown) => storedDay(value)!;

/** Every security, by code (`symbols`: only those). */
export async function auditedSecurities(db: Knex, symbols: readonly string[] | null): Promise<AuditedSecurity[]> {
  const query = db('securities as s').leftJoin('funds as f', 'f.ts_code', 's.ts_code').orderBy('s.ts_code');
  if (symbols !== null) query.whereIn('s.ts_code', [...symbols]);
  const rows = await query.select('s.ts_code', 's.kind', 's.name', 's.list_date', 's.delist_date', 'f.benchmark');
  return rows.map(({ ts_code, kind, name, list_date, delist_date, benchmark }) => ({
    ts_code,
    kind,
    list_date: list_date === null ? null : dayOf(list_date),
    delist_date: delist_date === null ? null : dayOf(delist_date),
    growthFund: kind === 'etf' && isGrowthBoardFund(ts_code, name, benchmark),
  }));
}

/** Each security's names over time, by code, oldest first (`name_changes`). */
export async function nameSpans(db: Knex): Promise<Map<string, NameSpan[]>> {
  const names: Array<{ ts_code: string; start_date: unknown; end_date: unknown; name: string }> = await db(
    'name_changes',
  )
    .orderBy(['ts_code', 'start_date'])
    .select('ts_code', 'start_date', 'end_date', 'name');
  const spans = byCode(names, (row) => ({
    name: row.name,
    start: dayOf(row.start_date),
    end: row.end_date === null ? null : dayOf(row.end_date),
  }));
  // A name without an end date ends where the next begins: Tushare sends some without one (tushare #895, #1647).
  for (const list of spans.values())
    list.forEach((span, i) => {
      const next = list[i + 1];
      if (span.end === null && next !== undefined) span.end = addDays(next.start, -1);
    });
  return spans;
}

/** The bars of some securities, by code then day. */
export async function barsOf(db: Knex, codes: readonly string[], range: DayRange): Promise<Map<string, AuditBar[]>> {
  const rows = await inRange(db('daily_bars').whereIn('ts_code', [...codes]), 'trade_date', range)
    .orderBy(['ts_code', 'trade_date'])
    .select('ts_code', 'trade_date', 'open', 'high', 'low', 'close', 'pre_close', 'vol', 'amount');
  return byCode(rows as Array<Omit<AuditBar, 'date'> & { ts_code: string; trade_date: unknown }>, (row) => ({
    date: dayOf(row.trade_date),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    pre_close: row.pre_close,
    vol: row.vol,
    amount: row.amount,
  }));
}

/** The adjustment factors of some securities, by code then day. */
export async function factorsOf(
  db: Knex,
  codes: readonly string[],
  range: DayRange,
): Promise<Map<string, AuditFactor[]>> {
  const rows = await inRange(db('adj_factors').whereIn('ts_code', [...codes]), 'trade_date', range)
    .orderBy(['ts_code', 'trade_date'])
    .select('ts_code', 'trade_date', 'adj_factor');
  return byCode(rows as Array<{ ts_code: string; trade_date: unknown; adj_factor: unknown }>, (row) => ({
    date: dayOf(row.trade_date),
    factor: Number(row.adj_factor),
  }));
}

/** The days some securities were suspended all day. */
export async function haltsOf(db: Knex, codes: readonly string[], range: DayRange): Promise<Map<string, string[]>> {
  const rows = await inRange(
    db('trading_halts')
      .whereIn('ts_code', [...codes])
      .where({ suspend_type: 'S' }),
    'trade_date',
    range,
  )
    .orderBy(['ts_code', 'trade_date'])
    .select('ts_code', 'trade_date');
  return byCode(rows as Array<{ ts_code: string; trade_date: unknown }>, (row) => dayOf(row.trade_date));
}

/** The limit prices the source sent (stk_limit) of some securities, by code then day. */
export async function sourceLimitsOf(
  db: Knex,
  codes: readonly string[],
  range: DayRange,
): Promise<Map<string, Map<string, SourceLimit>>> {
  const rows: Array<{ ts_code: string; trade_date: unknown; up_limit: number | null; down_limit: number | null }> =
    await inRange(
      db('price_limits')
        .whereIn('ts_code', [...codes])
        .where((sent) => sent.whereNull('computed').orWhere('computed', 0)),
      'trade_date',
      range,
    ).select('ts_code', 'trade_date', 'up_limit', 'down_limit');
  const limits = new Map<string, Map<string, SourceLimit>>();
  for (const row of rows) {
    const days = limits.get(row.ts_code) ?? new Map<string, SourceLimit>();
    days.set(dayOf(row.trade_date), { up: row.up_limit, down: row.down_limit });
    limits.set(row.ts_code, days);
  }
  return limits;
}

/** The source's limit-list rows (limit_list_d) of some securities, by code then day. */
export async function limitListsOf(
  db: Knex,
  codes: readonly string[],
  range: DayRange,
): Promise<Map<string, SourceLimitListRow[]>> {
  const rows = await inRange(db('limit_lists').whereIn('ts_code', [...codes]), 'trade_date', range)
    .orderBy(['ts_code', 'trade_date'])
    .select('ts_code', 'trade_date', 'limit', 'limit_times');
  return byCode(
    rows as Array<{ ts_code: string; trade_date: unknown; limit: string; limit_times: number | null }>,
    (row) => ({ date: dayOf(row.trade_date), limit: row.limit, limit_times: row.limit_times }),
  );
}

/**
 * Each security's stored up-limit streak of its last session before `date` (from `since`): where an audit of a
 * range picks the count up.
 */
export async function streaksBefore(
  db: Knex,
  codes: readonly string[],
  since: string,
  date: string,
): Promise<Map<string, StreakOn>> {
  const rows: Array<{ ts_code: string; trade_date: unknown; limit_streak: number | null }> = await db('day_states')
    .whereIn('ts_code', [...codes])
    .where('suspended', 0)
    .where('trade_date', '>=', since)
    .where('trade_date', '<', date)
    .orderBy(['ts_code', 'trade_date'])
    .select('ts_code', 'trade_date', 'limit_streak');
  // Rows come oldest first: the last one of each code stays.
  return new Map(rows.map((row) => [row.ts_code, { date: dayOf(row.trade_date), streak: row.limit_streak }]));
}

/**
 * Some securities' implemented distributions with cash or shares by ex-date: stocks' (Tushare `dividend`, 实施)
 * and funds' (`fund_div`, 实施: cash only).
 */
export async function distributionsOf(
  db: Knex,
  codes: readonly string[],
  range: DayRange,
): Promise<Map<string, Distribution[]>> {
  const implemented = (table: string) =>
    inRange(
      db(table)
        .whereIn('ts_code', [...codes])
        .where({ div_proc: '实施' })
        .whereNotNull('ex_date'),
      'ex_date',
      range,
    );
  const stocks: Array<{ ts_code: string; ex_date: unknown; cash: number | null; shares: number | null }> =
    await implemented('dividends')
      .where((q) => q.where('cash_div', '>', 0).orWhere('cash_div_tax', '>', 0).orWhere('stk_div', '>', 0))
      .select('ts_code', 'ex_date', db.raw('coalesce(cash_div_tax, cash_div) as cash'), 'stk_div as shares');
  const funds: Array<{ ts_code: string; ex_date: unknown; cash: number }> = await implemented('fund_dividends')
    .where('div_cash', '>', 0)
    .select('ts_code', 'ex_date', 'div_cash as cash');
  const rows = [
    ...stocks.map((row) => ({
      ...row,
      distribution: { cash: Number(row.cash ?? 0), shares: Number(row.shares ?? 0) },
    })),
    ...funds.map((row) => ({ ...row, distribution: { cash: Number(row.cash), shares: 0, fund: true as const } })),
  ].sort((a, b) => a.ts_code.localeCompare(b.ts_code) || String(a.ex_date).localeCompare(String(b.ex_date)));
  return byCode(rows, (row) => ({ exDate: dayOf(row.ex_date), ...row.distribution }));
}

/**
 * The live feed's final snapshot of each security's session (the feed keeps the current session's: taken at or
 * after the close, 15:00) beside the stored bar of that day, in the range.
 */
export async function finalSnapshots(
  db: Knex,
  range: DayRange,
): Promise<Array<{ ts_code: string; date: string; stored: SourceDay; live: SourceDay }>> {
  const latest = db('live_quotes as n').max('n.quote_minute').whereRaw('n.ts_code = q.ts_code');
  const rows: Array<Record<string, number | string | null>> = await db('live_quotes as q')
    .where('q.quote_minute', latest)
    .join('daily_bars as b', (join) =>
      join.on('b.ts_code', 'q.ts_code').andOn('b.trade_date', dayOfDateTime(db, 'q.quote_minute')),
    )
    .select(
      'q.ts_code',
      'q.quote_time',
      'b.trade_date',
      ...['open', 'high', 'low', 'last', 'volume', 'amount'].map((column) => `q.${column} as live_${column}`),
      ...['open', 'high', 'low', 'close', 'vol', 'amount'].map((column) => `b.${column} as bar_${column}`),
    );
  const inRange = (date: string) =>
    (range.from === null || date >= range.from) && (range.until === null || date <= range.until);
  const number = (value: number | string | null | undefined) => (value == null ? null : Number(value));
  return rows
    .filter((row) => String(row.quote_time).slice(11, 19) >= '15:00:00' && inRange(dayOf(row.trade_date)))
    .map((row) => ({
      ts_code: String(row.ts_code),
      date: dayOf(row.trade_date),
      stored: {
        open: number(row.bar_open),
        high: number(row.bar_high),
        low: number(row.bar_low),
        close: number(row.bar_close),
        shares: row.bar_vol == null ? null : Number(row.bar_vol) * 100,
        amount: number(row.bar_amount),
      },
      live: {
        open: number(row.live_open),
        high: number(row.live_high),
        low: number(row.live_low),
        close: number(row.live_last),
        shares: number(row.live_volume),
        amount: number(row.live_amount),
      },
    }));
}

/** The balance sheets of the periods in range (`symbols`: of those). */
export async function balanceSheetsOf(
  db: Knex,
  symbols: readonly string[] | null,
  range: DayRange,
): Promise<BalanceSheetTotals[]> {
  const query = inRange(db('balance_sheets'), 'end_date', range).orderBy(['ts_code', 'end_date', 'f_ann_date']);
  if (symbols !== null) query.whereIn('ts_code', [...symbols]);
  return (
    await query.select(
      'ts_code',
      'end_date',
      'report_type',
      'f_ann_date',
      'total_assets',
      'total_liab',
      'total_hldr_eqy_inc_min_int',
    )
  ).map((row: BalanceSheetTotals) => ({ ...row, end_date: dayOf(row.end_date), f_ann_date: dayOf(row.f_ann_date) }));
}

/** Rows by their security, each as `map` makes it. */
const byCode = <R extends { ts_code: string }, T>(rows: readonly R[], map: (row: R) => T): Map<string, T[]> =>
  groupBy(rows, (row) => row.ts_code, map);
