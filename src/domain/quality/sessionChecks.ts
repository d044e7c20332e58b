import { gapsOf, type SessionCount } from '../market/coverage';
import type { OpenDays } from '../time/openDays';
import { finding, type Finding } from './findings';

/** A stock's listed life as the store has it: from `list_date` (on it) until `delist_date` (not on it). */
export interface ListedDates {
  list_date: string | null;
  delist_date: string | null;
}

/**
 * `partial_session`: of the sessions where the store holds bars, those holding fewer than `minCoverage` of the
 * stocks listed and not suspended that day (the update's completeness rule, src/domain/market/coverage.ts).
 * A whole-market finding: it names no security.
 */
export function partialSessions(
  counts: ReadonlyMap<string, SessionCount>,
  minCoverage: number,
): { findings: Finding[]; partial: Set<string> } {
  const held = [...counts.keys()].filter((day) => counts.get(day)!.rows > 0).sort();
  const gaps = gapsOf(held, counts, 'universe', minCoverage);
  return {
    findings: gaps.map(({ date, rows, expected }) =>
      finding('partial_session', null, date, { bars: rows, expected, min_coverage: minCoverage }),
    ),
    partial: new Set(gaps.map(({ date }) => date)),
  };
}

/**
 * `missing_session`: an open session between a security's first and last stored bar, within its listed life,
 * with no bar and no suspension. Only on the sessions `counted` says (where the store holds the session's market,
 * not a partial session, which is its own finding: a day missing for everyone is the market's gap, not each
 * security's; and where the store's declared universe means the security).
 */
export function missingSessions(
  symbol: string,
  barDays: readonly string[],
  life: ListedDates,
  halts: ReadonlySet<string>,
  days: OpenDays,
  counted: (day: string) => boolean,
): Finding[] {
  if (barDays.length < 2) return [];
  const held = new Set(barDays);
  const from = life.list_date !== null && life.list_date > barDays[0]! ? life.list_date : barDays[0]!;
  const to = barDays.at(-1)!;
  return days
    .between(from, to)
    .filter(
      (day) =>
        !held.has(day) && !halts.has(day) && counted(day) && (life.delist_date === null || day < life.delist_date),
    )
    .map((day) => finding('missing_session', symbol, day, { first_bar: barDays[0]!, last_bar: to }));
}

/** `bar_on_closed_day`: a bar on a day the calendar (where it reaches) says the exchange was closed. */
export function barsOnClosedDays(
  symbol: string,
  barDays: readonly string[],
  days: OpenDays,
  calendar: { first: string; last: string },
): Finding[] {
  return barDays
    .filter((day) => day >= calendar.first && day <= calendar.last && !days.isOpen(day))
    .map((day) =>
      finding('bar_on_closed_day', symbol, day, { calendar_first: calendar.first, calendar_last: calendar.last }),
    );
}
