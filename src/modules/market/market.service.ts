import type { Db } from '../../db/connection';
import { forwardAdjustedBars, unadjustedBars, type DailyBar } from '../../domain/adjust';
import { noData } from '../../domain/errors';
import { assertAllKnown } from '../../domain/symbols';
import { dailyWindow, tradingDaysInLatestYear } from './market.dates';
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

function groupByCode(bars: StoredBar[]): Map<string, StoredBar[]> {
  const groups = new Map<string, StoredBar[]>();
  for (const bar of bars) {
    const group = groups.get(bar.ts_code);
    if (group) group.push(bar);
    else groups.set(bar.ts_code, [bar]);
  }
  return groups;
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

/**
 * Daily series of up to 50 securities. Independent lookups run side by side: the securities and the
 * window, then the bars, the bars before the window and the default limit.
 */
export async function dailySeries(db: Db, request: DailyRequest, cutoff: string | null): Promise<DailySeries[]> {
  const [securities, window] = await inOrder(knownSecurities(db, request.symbols, cutoff), dailyWindow(db, request.begin, request.end, cutoff));
  const [[stored, before], limit] = await inOrder(
    inOrder(
      dailyBars(db, request.symbols, window.begin, window.end, cutoff),
      request.adjusted ? barsBefore(db, request.symbols, window.begin, cutoff) : Promise.resolve([]),
    ),
    request.limit === undefined ? tradingDaysInLatestYear(db, window.latest) : Promise.resolve(request.limit),
  );
  const groups = groupByCode(stored);
  const previous = new Map(before.map((bar) => [bar.ts_code, bar]));
  const series = securities.map((security) =>
    toSeries(security, groups.get(security.ts_code) ?? [], limit, request.adjusted, previous.get(security.ts_code) ?? null),
  );
  if (series.every((one) => one.bars.length === 0)) {
    throw noData(`No data for ${request.symbols.join(', ')} between ${window.begin} and ${window.end}`);
  }
  return series;
}
