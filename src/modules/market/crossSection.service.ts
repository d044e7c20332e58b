import { industryFilterOn } from '../common/industryMemberships.repository';
import {
  barRatio,
  forwardAdjustedBar,
  priceDecimalsOf,
  unadjustedBars,
  type PreviousBar,
} from '../../domain/market/adjust';
import { noData } from '../../domain/api/errors';
import { barsBefore, findSecurityAnchors } from './market.repository';
import { closesOfDay, crossSectionRows, type CrossSectionFilter, type DayScope } from './crossSection.repository';
import type { Visibility } from '../../domain/time/marketTime';
import { crossSectionDay } from '../common/dateWindow.service';
import type { MarketSources } from './market.service';
import type { Db } from '../../db/connection';
import type { CrossSection, CrossSectionEntry, CrossSectionRow, SecurityAnchor } from './market.types';

export type CrossSectionRequest = Omit<CrossSectionFilter, 'date' | 'states'> & {
  date?: string;
  adjusted: boolean;
  /** Read the day's states (asked by `fields`; a state filter reads them too). */
  states: boolean;
};

type Anchor = Pick<SecurityAnchor, 'anchor_date' | 'anchor_factor'>;

/**
 * Each listed row's anchor (its latest visible bar's day and factor). A security with a bar and a factor on
 * the latest visible day is anchored there: those come from the rows themselves when the day is the latest,
 * else from that day's closes and factors (two ranges of date-led indexes); only the others (suspended since, or without
 * that day's factor) are looked up one by one. Asking every security's latest bar made a whole-market day
 * cost 5,000 lookups of two indexes each.
 */
async function anchorsOf(
  db: Db,
  { date, industry }: DayScope,
  rows: CrossSectionRow[],
  latest: string,
  cutoff: string | null,
): Promise<Map<string, Anchor>> {
  const onLatest: Map<string, PreviousBar> =
    date === latest
      ? new Map(rows.map((row) => [row.ts_code, row]))
      : await closesOfDay(db, { date: latest, industry }, cutoff);
  const anchors = new Map<string, Anchor>();
  const missing: string[] = [];
  for (const { ts_code: code, listed } of rows) {
    if (!listed) continue;
    const factor = onLatest.get(code)?.adj_factor ?? null;
    if (factor === null) missing.push(code);
    else anchors.set(code, { anchor_date: latest, anchor_factor: factor });
  }
  if (missing.length > 0)
    for (const anchor of await findSecurityAnchors(db, missing, cutoff)) anchors.set(anchor.ts_code, anchor);
  return anchors;
}

/**
 * Forward-adjusted rows, each to its security's anchor (its latest visible trading day), through the same
 * function as the daily route (so a row equals that day's bar of /v1/market/daily): the previous open day's
 * closes and factors are read whole (ranges of the date-led indexes) as the bases of pre_close, and only a
 * security without a bar that day (suspended then, or new) asks for its latest bar before.
 */
async function adjustedEntries(
  { db, calendar }: MarketSources,
  { date, industry, kind }: DayScope & Pick<CrossSectionRequest, 'kind'>,
  rows: CrossSectionRow[],
  latest: string,
  cutoff: string | null,
): Promise<CrossSection['entries']> {
  const codes = rows.map((row) => row.ts_code);
  const previousDay = (await calendar.openDays()).lastBefore(date);
  const [anchorOf, previous] = await Promise.all([
    anchorsOf(db, { date, industry }, rows, latest, cutoff),
    previousDay === null ? new Map<string, PreviousBar>() : closesOfDay(db, { date: previousDay, industry }, cutoff),
  ]);
  const missing = codes.filter((code) => !previous.has(code));
  if (missing.length > 0) for (const bar of await barsBefore(db, missing, date, cutoff)) previous.set(bar.ts_code, bar);
  const decimals = priceDecimalsOf(kind);
  return entriesOf(rows, (slice) =>
    slice.map((row) => {
      // A security the reference list lacks has no anchor: served unadjusted, as an index is.
      const anchor = anchorOf.get(row.ts_code);
      const [before, anchorFactor] = [previous.get(row.ts_code) ?? null, anchor?.anchor_factor ?? null];
      const bar = forwardAdjustedBar(row, before, anchorFactor, decimals);
      const ratio = barRatio(row, before, anchorFactor);
      return { row, bar, anchorDate: anchor?.anchor_factor == null ? null : anchor.anchor_date, ratio, decimals };
    }),
  );
}

/** The entries of `rows`, made a slice at a time (by `entriesOfSlice`) as the answer's writer asks for them. */
function entriesOf(
  rows: CrossSectionRow[],
  entriesOfSlice: (rows: CrossSectionRow[]) => CrossSectionEntry[],
): CrossSection['entries'] {
  return { length: rows.length, slice: (start, end) => entriesOfSlice(rows.slice(start, end)) };
}

/** Every security's bar and valuation on one trading day (unadjusted with its factor, or forward-adjusted). */
export async function crossSection(
  sources: MarketSources,
  request: CrossSectionRequest,
  visibility: Visibility,
): Promise<CrossSection> {
  const cutoff = visibility.dailyThrough;
  const { date, latest } = await crossSectionDay(sources, request.date, visibility);
  // A Shenwan industry's members are kept from the whole day (which a stored day answers); a label is read by its codes.
  const industry = await industryFilterOn(sources.db, request.industry, date);
  const states = request.states || request.riskWarning !== undefined || request.limitMove !== undefined;
  const filter = { ...request, ...industry, date, states };
  const rows = await crossSectionRows(sources.db, await sources.directory.current(), filter, cutoff);
  if (rows.length === 0) throw noData(`No ${request.kind} traded on ${date} matches the filters`);
  if (request.adjusted)
    return {
      date,
      entries: await adjustedEntries(
        sources,
        { date, industry: industry.industry, kind: request.kind },
        rows,
        latest,
        cutoff,
      ),
    };
  return {
    date,
    entries: entriesOf(rows, (slice) =>
      unadjustedBars(slice).map((bar, i) => ({ row: slice[i]!, bar, anchorDate: null, ratio: 1, decimals: 2 })),
    ),
  };
}
