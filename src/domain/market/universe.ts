import { addDays } from '../time/calendar';
import type { ListedLife } from './coverage';

/**
 * A store's declared universe: which securities it means to hold, and when (table `universe_entries`). Nothing
 * declared means the whole market, always. Completeness (the update's sessions to fetch, `/v1/data/coverage`)
 * and the audit's `partial_session` count a session against it: a store that keeps the CSI 300, or the demo
 * with its few stocks, is complete when it holds what it declared, and rows of others are extra.
 */
export const UNIVERSE_SCOPES = ['market', 'index', 'security'] as const;
export type UniverseScope = (typeof UNIVERSE_SCOPES)[number];

/** One line of the declaration: the whole market (`*`), an index's members or a security, `start_date` through `end_date` (null: open). */
export interface UniverseEntry {
  scope: UniverseScope;
  code: string;
  start_date: string;
  end_date: string | null;
}

/** Days `from` through `until` (null: open). */
export interface DaySpan {
  from: string;
  until: string | null;
}

/** A security meant from `from` through `until`. */
export interface MemberSpan extends DaySpan {
  ts_code: string;
}

/** A row of an index's constituent snapshots (Tushare `index_weight`). */
export interface ConstituentRow {
  trade_date: string;
  con_code: string;
}

/** The declaration resolved: the whole market's spans, and every member's spans (merged, so none overlap). */
export interface ResolvedUniverse {
  market: DaySpan[];
  members: MemberSpan[];
}

const covers = ({ from, until }: DaySpan, day: string) => from <= day && (until === null || day <= until);

/** The later of two span ends (null: open). */
const laterEnd = (a: string | null, b: string | null) => (a === null || b === null ? null : a > b ? a : b);
/** The earlier of two span ends. */
const earlierEnd = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * An index's membership from its constituent snapshots (Tushare publishes `index_weight` monthly): a security is
 * a member from the first snapshot that lists it until the day before the first later snapshot without it, and
 * open-ended when the last snapshot lists it. Between two snapshots the store cannot know the day it changed:
 * the later snapshot decides.
 */
export function membershipSpans(rows: readonly ConstituentRow[]): MemberSpan[] {
  const bySnapshot = new Map<string, Set<string>>();
  for (const { trade_date, con_code } of rows) {
    const members = bySnapshot.get(trade_date) ?? new Set<string>();
    bySnapshot.set(trade_date, members.add(con_code));
  }
  const spans: MemberSpan[] = [];
  const since = new Map<string, string>();
  for (const day of [...bySnapshot.keys()].sort()) {
    const members = bySnapshot.get(day)!;
    for (const [code, from] of since)
      if (!members.has(code)) {
        spans.push({ ts_code: code, from, until: addDays(day, -1) });
        since.delete(code);
      }
    for (const code of members) if (!since.has(code)) since.set(code, day);
  }
  for (const [code, from] of since) spans.push({ ts_code: code, from, until: null });
  return mergedSpans(spans);
}

/**
 * A classification's membership from its intervals (Shenwan's `index_member_all`: in from `in_date`, out on
 * `out_date`, the first day outside), merged per security.
 */
export function intervalSpans(
  rows: readonly { ts_code: string; in_date: string; out_date: string | null }[],
): MemberSpan[] {
  return mergedSpans(
    rows
      .map(({ ts_code, in_date, out_date }) => ({
        ts_code,
        from: in_date,
        until: out_date === null ? null : addDays(out_date, -1),
      }))
      .filter(({ from, until }) => until === null || from <= until),
  );
}

/** Spans of each security merged where they overlap or touch, by security and date. */
function mergedSpans(spans: readonly MemberSpan[]): MemberSpan[] {
  const sorted = [...spans].sort((a, b) => a.ts_code.localeCompare(b.ts_code) || a.from.localeCompare(b.from));
  const merged: MemberSpan[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last?.ts_code === span.ts_code && (last.until === null || addDays(last.until, 1) >= span.from))
      last.until = laterEnd(last.until, span.until);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The declaration resolved against the indices' constituent snapshots (by index code): null when nothing is
 * declared (the whole market, always). An index's spans are cut to its line's days.
 */
export function resolveUniverse(
  entries: readonly UniverseEntry[],
  constituents: ReadonlyMap<string, readonly ConstituentRow[]>,
): ResolvedUniverse | null {
  if (entries.length === 0) return null;
  const market: DaySpan[] = [];
  const members: MemberSpan[] = [];
  for (const { scope, code, start_date, end_date } of entries) {
    const line = { from: start_date, until: end_date };
    if (scope === 'market') market.push(line);
    else if (scope === 'security') members.push({ ts_code: code, ...line });
    else
      for (const span of membershipSpans(constituents.get(code) ?? [])) {
        const from = span.from > line.from ? span.from : line.from;
        const until = earlierEnd(span.until, line.until);
        if (until === null || from <= until) members.push({ ts_code: span.ts_code, from, until });
      }
  }
  return { market, members: mergedSpans(members) };
}

/** Whether the whole market is meant on `day` (always, with nothing declared). */
export const wholeMarketOn = (universe: ResolvedUniverse | null, day: string): boolean =>
  universe === null || universe.market.some((span) => covers(span, day));

/** The securities meant on `day`, or null when it is the whole market's. */
export function membersOn(universe: ResolvedUniverse | null, day: string): Set<string> | null {
  if (universe === null || wholeMarketOn(universe, day)) return null;
  return new Set(universe.members.filter((span) => covers(span, day)).map((span) => span.ts_code));
}

/** Whether the declaration means a security on a day: a day of the whole market's, or one of its spans. */
export function meantOn(universe: ResolvedUniverse | null): (code: string, day: string) => boolean {
  if (universe === null) return () => true;
  const spans = new Map<string, MemberSpan[]>();
  for (const span of universe.members) spans.set(span.ts_code, [...(spans.get(span.ts_code) ?? []), span]);
  return (code, day) => wholeMarketOn(universe, day) || (spans.get(code) ?? []).some((span) => covers(span, day));
}

/**
 * How many members trade on each of `sessions`: meant that day, listed (`ListedLife`: on the list date, not on
 * the delisting date) and not halted (`halted`: `code|day`).
 */
export function memberCounts(
  sessions: readonly string[],
  members: ReadonlyArray<MemberSpan & ListedLife>,
  halted: ReadonlySet<string>,
): Map<string, number> {
  const counts = new Map(sessions.map((day) => [day, 0]));
  for (const member of members)
    for (const day of sessions) {
      const listed =
        (member.list_date === null || member.list_date <= day) &&
        (member.delist_date === null || member.delist_date > day);
      if (listed && covers(member, day) && !halted.has(`${member.ts_code}|${day}`))
        counts.set(day, counts.get(day)! + 1);
    }
  return counts;
}

/**
 * The members' spans within `first`..`last`, grouped by their common days, so that rows are counted with one
 * query a group (an index's members mostly share their snapshot dates).
 */
export function spanGroups(
  members: readonly MemberSpan[],
  first: string,
  last: string,
): Array<{ from: string; until: string; codes: string[] }> {
  const groups = new Map<string, { from: string; until: string; codes: string[] }>();
  for (const span of members) {
    const from = span.from > first ? span.from : first;
    const until = earlierEnd(span.until, last)!;
    if (from > until) continue;
    const key = `${from}|${until}`;
    const group = groups.get(key) ?? { from, until, codes: [] };
    groups.set(key, group);
    group.codes.push(span.ts_code);
  }
  return [...groups.values()];
}
