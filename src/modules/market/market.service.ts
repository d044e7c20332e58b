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

/** Daily series of up to 50 securities: one query for the bars, one for the bars before the window. */
export async function dailySeries(db: Db, request: DailyRequest, cutoff: string | null): Promise<DailySeries[]> {
  const securities = await knownSecurities(db, request.symbols, cutoff);
  const window = await dailyWindow(db, request.begin, request.end, cutoff);
  const limit = request.limit ?? (await tradingDaysInLatestYear(db, window.latest));
  const groups = groupByCode(await dailyBars(db, request.symbols, window.begin, window.end, cutoff));
  const needBefore = request.adjusted
    ? request.symbols.filter((code) => (groups.get(code)?.length ?? 0) > 0 && (groups.get(code)?.length ?? 0) <= limit)
    : [];
  const before = new Map((needBefore.length ? await barsBefore(db, needBefore, window.begin, cutoff) : []).map((bar) => [bar.ts_code, bar]));
  const series = securities.map((security) => {
    const stored = groups.get(security.ts_code) ?? [];
    const rows = stored.slice(0, limit);
    if (!request.adjusted) return { security, anchorDate: null, bars: unadjustedBars(rows) };
    const previous = stored[limit] ?? before.get(security.ts_code) ?? null;
    const anchored = security.anchor_factor !== null;
    return {
      security,
      anchorDate: anchored ? security.anchor_date : null,
      bars: forwardAdjustedBars(rows, previous, security.anchor_factor),
    };
  });
  if (series.every((one) => one.bars.length === 0)) {
    throw noData(`No data for ${request.symbols.join(', ')} between ${window.begin} and ${window.end}`);
  }
  return series;
}
