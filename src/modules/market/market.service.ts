import type { Db } from '../../db/connection';
import type { VersionedValue } from '../../db/dataVersions';
import type { SecurityDirectory } from '../../domain/reference/securityDirectory';
import { groupBy } from '../../domain/api/collections';
import { forwardAdjustedBars, priceDecimalsOf, unadjustedBars } from '../../domain/market/adjust';
import { noData } from '../../domain/api/errors';
import { countOnce } from '../../domain/reference/codeContinuity';
import type { CodeSpan } from '../../domain/reference/codeChanges';
import type { CodeHistory } from '../common/codeHistory.service';
import { resolveSecurities } from '../common/securityResolution.service';
import type { Visibility } from '../../domain/time/marketTime';
import { dailyWindow, tradingDaysInLatestYear } from '../common/dateWindow.service';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import { barsBefore, dailyBars, findSecurityAnchors, type StoredBar } from './market.repository';
import type { SecurityAnchor } from './market.types';
import type { DailySeries } from './market.types';
import { runningQuotes, withRunningBar, type LiveQuotes } from './runningBar.service';

/** What the daily and kline series are read from: the store, and the code changes, calendar and securities' names in memory. */
export interface MarketSources {
  db: Db;
  codes: CodeHistory;
  calendar: TradingCalendar;
  directory: VersionedValue<SecurityDirectory>;
}

export interface DailyRequest {
  symbols: string[];
  begin?: string;
  end?: string;
  adjusted: boolean;
  limit?: number;
  /** Read each bar's day state (asked by `fields`). */
  states?: boolean;
}

/** Securities in request order, an old code answering for the security it became; unknown codes → 400 invalid_symbol. */
export async function knownSecurities(
  db: Db,
  codes: CodeHistory,
  symbols: string[],
  cutoff: string | null,
): Promise<SecurityAnchor[]> {
  const securities = await resolveSecurities(codes, symbols, (current) => findSecurityAnchors(db, current, cutoff));
  return securities.map(({ row, requested }) => ({ ...row, ...requested }));
}

/** Bars of a code span: a former code's only before its successor took over. */
const inSpan = (bar: StoredBar | undefined, { until }: CodeSpan) =>
  bar !== undefined && (until === null || bar.trade_date < until);
const newestFirst = (a: StoredBar, b: StoredBar) =>
  a.trade_date < b.trade_date ? 1 : a.trade_date > b.trade_date ? -1 : 0;

/**
 * A security's bars across its code changes, newest first: its own, and its former codes' before each
 * successor took over, on days its own code has none. Upstream sometimes also copies the old history onto
 * the new code (reported for 000022.SZ → 001872.SZ): each day then counts once, the current code's bar.
 */
function acrossCodes(spans: CodeSpan[], byCode: Map<string, StoredBar[]>): StoredBar[] {
  const bars = spans.flatMap((span) => (byCode.get(span.code) ?? []).filter((bar) => inSpan(bar, span)));
  if (spans.length === 1) return bars;
  return countOnce(
    bars,
    spans[0]!.code,
    (bar) => bar.ts_code,
    (bar) => bar.trade_date,
  ).sort(newestFirst);
}

/** The latest of the bars before a window under the security's codes (its own on a tie). */
function latestBefore(spans: CodeSpan[], before: Map<string, StoredBar>): StoredBar | null {
  const candidates = spans
    .map((span) => before.get(span.code))
    .filter((bar, i) => inSpan(bar, spans[i]!)) as StoredBar[];
  return candidates.sort(newestFirst)[0] ?? null;
}

/** The codes whose bars make up the securities' histories (their own and their former ones). */
async function historyCodes(
  codes: CodeHistory,
  current: string[],
): Promise<{ spans: Map<string, CodeSpan[]>; all: string[] }> {
  const spans = await codes.spans([...new Set(current)]);
  return { spans, all: [...new Set([...spans.values()].flat().map(({ code }) => code))] };
}

/**
 * The newest `limit` of a security's stored bars (newest first) as a series; `before` is its bar before
 * the stored ones, the base of the first adjusted pre_close when no older stored bar is left over.
 */
function toSeries(
  security: SecurityAnchor,
  stored: readonly StoredBar[],
  limit: number,
  adjusted: boolean,
  before: StoredBar | null,
): DailySeries {
  const rows = stored.slice(0, limit);
  if (!adjusted) return { security, anchorDate: null, bars: unadjustedBars(rows) };
  return {
    security,
    anchorDate: security.anchor_factor !== null ? security.anchor_date : null,
    bars: forwardAdjustedBars(rows, stored[limit] ?? before, security.anchor_factor, priceDecimalsOf(security.kind)),
  };
}

/**
 * Bars of one security from `begin` (null: from the first) to `end`, newest first, at most `limit` when
 * given — the base of klines.
 */
export async function securityBars(
  db: Db,
  codes: CodeHistory,
  security: SecurityAnchor,
  range: { begin: string | null; end: string; limit: number | null },
  adjusted: boolean,
  cutoff: string | null,
): Promise<DailySeries> {
  const { spans, all } = await historyCodes(codes, [security.ts_code]);
  const own = spans.get(security.ts_code)!;
  // The SQL limit counts bars in code order: with former codes the range is read whole and cut after splicing.
  const sqlLimit = range.limit === null || all.length > 1 ? null : range.limit + 1;
  const stored = acrossCodes(
    own,
    groupBy(await dailyBars(db, all, range.begin, range.end, cutoff, sqlLimit), (bar) => bar.ts_code),
  );
  const limit = range.limit ?? stored.length;
  const oldest = stored[Math.min(limit, stored.length) - 1];
  const before =
    adjusted && oldest && stored.length <= limit ? await barsBefore(db, all, oldest.trade_date, cutoff) : [];
  return toSeries(
    security,
    stored,
    limit,
    adjusted,
    latestBefore(own, new Map(before.map((bar) => [bar.ts_code, bar]))),
  );
}

/** Awaits both, and on failure rethrows the failure of the first in argument order (stable error codes). */
async function inOrder<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

const CHUNK = 10;

/** The newest bar of each code, of bars in dailyBars' order (by code, newest first). */
function latestPerCode(bars: StoredBar[]): Map<string, StoredBar> {
  const latest = new Map<string, StoredBar>();
  for (const bar of bars) if (!latest.has(bar.ts_code)) latest.set(bar.ts_code, bar);
  return latest;
}

/**
 * Daily series of up to 50 securities, built ten securities at a time (each chunk's bars read in one query and
 * dropped once its series are built). The securities, with their code spans, and the window are looked up side by side (the window from
 * the calendar in memory), then per chunk one query for the bars, from the open day before the window when
 * adjusted (those bars are the bases of the first pre_close); only a code without a bar that day needs
 * another for its latest bar before. A default single-symbol request: two queries besides the latest day.
 */
export async function dailySeries(
  { db, codes, calendar }: MarketSources,
  request: DailyRequest,
  visibility: Visibility,
): Promise<DailySeries[]> {
  const cutoff = visibility.dailyThrough;
  const openDays = await calendar.openDays();
  const [securities, window] = await inOrder(
    resolveSecurities(codes, request.symbols, (current) => findSecurityAnchors(db, current, cutoff)),
    dailyWindow(calendar, openDays, request.begin, request.end, visibility),
  );
  const limit = request.limit ?? tradingDaysInLatestYear(openDays, window.latest);
  const emitted: DailySeries[] = [];
  let bars = 0;
  // Adjusted series also read the open day before the window: its bars are the bases of the first pre_close.
  const from = (request.adjusted ? openDays.lastBefore(window.begin) : null) ?? window.begin;
  const live: LiveQuotes | null = await runningQuotes(db, calendar, window, request.end, visibility);
  for (let i = 0; i < securities.length; i += CHUNK) {
    const chunk = securities.slice(i, i + CHUNK);
    const all = [...new Set(chunk.flatMap(({ spans }) => spans.map(({ code }) => code)))];
    const read = await dailyBars(db, all, from, window.end, cutoff, null, request.states);
    const stored = read.filter((bar) => bar.trade_date >= window.begin);
    const previous = latestPerCode(read.filter((bar) => bar.trade_date < window.begin));
    if (request.adjusted) {
      // A code without a bar that day (suspended, renamed, not yet listed) asks for its latest bar before.
      const missing = all.filter((code) => !previous.has(code));
      if (missing.length > 0)
        for (const bar of await barsBefore(db, missing, window.begin, cutoff)) previous.set(bar.ts_code, bar);
    }
    const groups = groupBy(stored, (bar) => bar.ts_code);
    const quotes = live === null ? new Map() : await live(chunk.map(({ row }) => row.ts_code));
    for (const { row, requested, spans: own } of chunk) {
      const security: SecurityAnchor = { ...row, ...requested };
      const before = latestBefore(own, previous);
      const series = withRunningBar(
        security,
        acrossCodes(own, groups),
        before,
        quotes.get(security.ts_code),
        (anchor, rows) => toSeries(anchor, rows, limit, request.adjusted, before),
      );
      bars += series.bars.length;
      emitted.push(series);
    }
  }
  if (bars === 0) throw noData(`No data for ${request.symbols.join(', ')} between ${window.begin} and ${window.end}`);
  return emitted;
}
