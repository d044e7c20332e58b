import type { Db } from '../../db/connection';
import { groupBy } from '../../domain/collections';
import { forwardAdjustedBars, unadjustedBars, type DailyBar } from '../../domain/adjust';
import { noData } from '../../domain/errors';
import { assertAllKnown } from '../../domain/symbols';
import { dailyWindow, tradingDaysInLatestYear } from './dateWindow.service';
import { barsBefore, dailyBars, findSecurityAnchors, type SecurityAnchor, type StoredBar } from './market.repository';

export interface DailyRequest {
  symbols: string[];
  begin?: string;
  end?: string;
  adjusted: boolean;
  limit?: number;
}

export interface DailySeries {
  security: SecurityAnchor;
  /** Null for unadjusted series and securities without factors (indices). */
  anchorDate: string | null;
  bars: DailyBar[];
}

/** Securities by code in request order; unknown codes → 400 invalid_symbol. */
export async function knownSecurities(db: Db, symbols: string[], cutoff: string | null): Promise<SecurityAnchor[]> {
  const rows = await findSecurityAnchors(db, symbols, cutoff);
  assertAllKnown(symbols, rows.map((row) => row.ts_code));
  const byCode = new Map(rows.map((row) => [row.ts_code, row]));
  return symbols.map((symbol) => byCode.get(symbol)!);
}

/**
 * The newest `limit` of a security's stored bars (newest first) as a series; `before` is its bar before
 * the stored ones, the base of the first adjusted pre_close when no older stored bar is left over.
 */
function toSeries(security: SecurityAnchor, stored: StoredBar[], limit: number, adjusted: boolean, before: StoredBar | null): DailySeries {
  const rows = stored.slice(0, limit);
  if (!adjusted) return { security, anchorDate: null, bars: unadjustedBars(rows) };
  return {
    security,
    anchorDate: security.anchor_factor !== null ? security.anchor_date : null,
    bars: forwardAdjustedBars(rows, stored[limit] ?? before, security.anchor_factor),
  };
}

/**
 * Bars of one security from `begin` (null: from the first) to `end`, newest first, at most `limit` when
 * given — the base of klines.
 */
export async function securityBars(
  db: Db,
  security: SecurityAnchor,
  range: { begin: string | null; end: string; limit: number | null },
  adjusted: boolean,
  cutoff: string | null,
): Promise<DailySeries> {
  const stored = await dailyBars(db, [security.ts_code], range.begin, range.end, cutoff, range.limit === null ? null : range.limit + 1);
  const limit = range.limit ?? stored.length;
  const oldest = stored[Math.min(limit, stored.length) - 1];
  const before = adjusted && oldest && stored.length <= limit ? (await barsBefore(db, [security.ts_code], oldest.trade_date, cutoff))[0] : undefined;
  return toSeries(security, stored, limit, adjusted, before ?? null);
}

/** Awaits both, and on failure rethrows the failure of the first in argument order (stable error codes). */
async function inOrder<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

const CHUNK = 10;

/**
 * Daily series of up to 50 securities, each passed through `emit` as soon as it is built (the daily handler
 * turns it into JSON text at once), ten securities at a time, so that the rows of a large request never
 * all live in memory together. The securities and the window are looked up side by side, then per chunk
 * the bars and the bars before the window.
 */
export async function dailySeries<T>(db: Db, request: DailyRequest, cutoff: string | null, emit: (series: DailySeries) => T): Promise<T[]> {
  const [securities, window] = await inOrder(knownSecurities(db, request.symbols, cutoff), dailyWindow(db, request.begin, request.end, cutoff));
  const limit = request.limit ?? (await tradingDaysInLatestYear(db, window.latest));
  const emitted: T[] = [];
  let bars = 0;
  for (let i = 0; i < securities.length; i += CHUNK) {
    const chunk = securities.slice(i, i + CHUNK);
    const codes = chunk.map((security) => security.ts_code);
    const [stored, before] = await inOrder(
      dailyBars(db, codes, window.begin, window.end, cutoff),
      request.adjusted ? barsBefore(db, codes, window.begin, cutoff) : Promise.resolve([]),
    );
    const groups = groupBy(stored, (bar) => bar.ts_code);
    const previous = new Map(before.map((bar) => [bar.ts_code, bar]));
    for (const security of chunk) {
      const series = toSeries(security, groups.get(security.ts_code) ?? [], limit, request.adjusted, previous.get(security.ts_code) ?? null);
      bars += series.bars.length;
      emitted.push(emit(series));
    }
  }
  if (bars === 0) throw noData(`No data for ${request.symbols.join(', ')} between ${window.begin} and ${window.end}`);
  return emitted;
}
