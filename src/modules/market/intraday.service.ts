import type { Db } from '../../db/connection';
import { readCursor, signCursor } from '../../domain/api/cursor';
import { invalidCursor, noData } from '../../domain/api/errors';
import { minuteKlines } from '../../domain/market/klines';
import { firstHiddenMinute, latestSession, minuteBars, ticksAfter, type TimedTable } from './market.repository';
import type { TradeRow } from './market.types';
import { notYetVisible, type Visibility } from '../../domain/time/marketTime';
import type { IntradaySession } from './market.types';

/**
 * When a security's minute bars or ticks of a session (null: any) exist but the plan does not see them yet:
 * 404 no_data naming the first one and when it becomes visible. One indexed lookup, on the failing path only.
 */
export async function assertMinutesNotHidden(
  db: Db,
  table: TimedTable,
  tsCode: string,
  visibility: Visibility,
  session: { from: string; to: string } | null,
): Promise<void> {
  if (visibility.minuteThrough === null) return;
  const hidden = await firstHiddenMinute(db, table, tsCode, visibility.minuteThrough, session);
  if (hidden !== null) throw notYetVisible(visibility, { time: hidden });
}

/** The one-minute bars of the latest visible session of a security, oldest first. */
export async function intradaySession(db: Db, tsCode: string, visibility: Visibility): Promise<IntradaySession> {
  const session = await latestSession(db, 'intraday_bars', tsCode, visibility.minuteThrough);
  if (session === null) await assertMinutesNotHidden(db, 'intraday_bars', tsCode, visibility, null);
  if (session === null) throw noData(`No intraday data for ${tsCode}`);
  const rows = await minuteBars(db, tsCode, `${session} 00:00:00`, `${session} 23:59:59`, visibility.minuteThrough);
  const bars = minuteKlines(rows, 1, () => 1);
  if (bars.length === 0) throw noData(`No intraday data for ${tsCode}`);
  return { tradeDate: session, asOf: bars[bars.length - 1]!.time, bars };
}

interface TickCursor {
  s: string;
  d: string;
  t: string;
  q: number;
}

export interface TickPage {
  trades: TradeRow[];
  cursor: string | null;
  hasMore: boolean;
}

/** One page of a session's ticks in time order (plans with tick access); the cursor is bound to the symbol and the session. */
export async function tickPage(
  db: Db,
  request: { tsCode: string; date?: string; cursor?: string; limit: number },
  visibility: Visibility,
  secret: string,
): Promise<TickPage> {
  const position = request.cursor === undefined ? null : readCursor<TickCursor>(request.cursor, secret);
  if (position && (position.s !== request.tsCode || (request.date !== undefined && request.date !== position.d))) {
    throw invalidCursor('Invalid cursor: it belongs to another symbol or date');
  }
  const date =
    position?.d ?? request.date ?? (await latestSession(db, 'trades', request.tsCode, visibility.minuteThrough));
  if (date === null) await assertMinutesNotHidden(db, 'trades', request.tsCode, visibility, null);
  if (date === null) throw noData(`No trades for ${request.tsCode}`);
  const after = position ? { time: position.t, seq: position.q } : null;
  const rows = await ticksAfter(db, request.tsCode, date, after, request.limit, visibility.minuteThrough);
  if (rows.length === 0 && position === null)
    await assertMinutesNotHidden(db, 'trades', request.tsCode, visibility, {
      from: `${date} 00:00:00`,
      to: `${date} 23:59:59`,
    });
  if (rows.length === 0 && position === null) throw noData(`No trades for ${request.tsCode} on ${date}`);
  const trades = rows.slice(0, request.limit);
  const hasMore = rows.length > request.limit;
  const last = trades[trades.length - 1];
  const cursor =
    hasMore && last
      ? signCursor({ s: request.tsCode, d: date, t: last.trade_time, q: Number(last.seq) }, secret)
      : null;
  return { trades, cursor, hasMore };
}
