import { forwardAdjustedBars, unadjustedBars } from '../../domain/adjust';
import { noData } from '../../domain/errors';
import { barsBefore, findSecurityAnchors, type StoredBar } from './market.repository';
import { barsOfDay, crossSectionRows, type CrossSectionFilter, type DayScope } from './crossSection.repository';
import type { Visibility } from '../../domain/marketTime';
import { assertNotHidden, requireLatestTradingDay } from './dateWindow.service';
import type { MarketSources } from './market.service';
import type { CrossSection, CrossSectionEntry, CrossSectionRow } from './market.types';

export type CrossSectionRequest = Omit<CrossSectionFilter, 'date'> & { date?: string; adjusted: boolean };

/** The day of a cross-section: the one asked (an open day with visible data) or the latest visible trading day. */
async function dayOf({ calendar }: MarketSources, asked: string | undefined, visibility: Visibility): Promise<string> {
  const latest = await requireLatestTradingDay(calendar, visibility);
  if (asked === undefined) return latest;
  const openDays = await calendar.openDays();
  if (openDays.before(asked, 0) !== asked) {
    const previous = openDays.lastBefore(asked);
    throw noData(`${asked} is not a trading day${previous === null ? '' : `; the previous trading day is ${previous}`}`);
  }
  if (asked > latest) await assertNotHidden(calendar, visibility, asked);
  if (asked > latest) throw noData(`No data of ${asked}: the latest data is of ${latest}`);
  return asked;
}

/**
 * Forward-adjusted rows, each to its security's anchor (its latest visible trading day), through the same
 * function as the daily route (so a row equals that day's bar of /v1/market/daily): the previous open day's
 * bars are read whole (one more range of the trade-date index) as the bases of pre_close, and only a
 * security without a bar that day (suspended then, or new) asks for its latest bar before.
 */
async function adjustedEntries({ db, calendar }: MarketSources, { date, industry }: DayScope, rows: CrossSectionRow[], cutoff: string | null): Promise<CrossSectionEntry[]> {
  const codes = rows.map((row) => row.ts_code);
  const previousDay = (await calendar.openDays()).lastBefore(date);
  const [anchors, previousBars] = await Promise.all([findSecurityAnchors(db, codes, cutoff), previousDay === null ? [] : barsOfDay(db, { date: previousDay, industry }, cutoff)]);
  const previous = new Map<string, StoredBar>(previousBars.map((bar) => [bar.ts_code, bar]));
  const missing = codes.filter((code) => !previous.has(code));
  if (missing.length > 0) for (const bar of await barsBefore(db, missing, date, cutoff)) previous.set(bar.ts_code, bar);
  const anchorOf = new Map(anchors.map((anchor) => [anchor.ts_code, anchor]));
  return rows.map((row) => {
    // A security the reference list lacks has no anchor: served unadjusted, as an index is.
    const anchor = anchorOf.get(row.ts_code);
    const [bar] = forwardAdjustedBars([row], previous.get(row.ts_code) ?? null, anchor?.anchor_factor ?? null);
    return { row, bar: bar!, anchorDate: anchor?.anchor_factor == null ? null : anchor.anchor_date };
  });
}

/** Every security's bar and valuation on one trading day (unadjusted with its factor, or forward-adjusted). */
export async function crossSection(sources: MarketSources, request: CrossSectionRequest, visibility: Visibility): Promise<CrossSection> {
  const cutoff = visibility.dailyThrough;
  const date = await dayOf(sources, request.date, visibility);
  const rows = await crossSectionRows(sources.db, { ...request, date }, cutoff);
  if (rows.length === 0) throw noData(`No ${request.kind} traded on ${date} matches the filters`);
  if (request.adjusted) return { date, entries: await adjustedEntries(sources, { date, industry: request.industry }, rows, cutoff) };
  const bars = unadjustedBars(rows);
  return { date, entries: rows.map((row, i) => ({ row, bar: bars[i]!, anchorDate: null })) };
}
