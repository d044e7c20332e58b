import type { OpenDays } from '../time/openDays';
import type { UpdateSource } from '../time/syncSchedule';

/**
 * What "loaded" means for a dataset's session. `universe`: a per-security daily dataset, complete when it holds
 * rows for at least SYNC_MIN_COVERAGE of the stocks listed and not suspended that day (chenditc/investment_data
 * counts a day once more than 1,000 symbols are present; a share of the day's universe holds for a market of
 * any width and for a test store alike). `any`: a dataset of the day's events (the limit list, block trades),
 * present once it has a row. `none`: kept whole as loaded (minute bars, statements by period): no gaps are told.
 */
export type Completeness = 'universe' | 'any' | 'none';

/** One dataset whose coverage the service reports, by its Tushare api_name (the catalogue's, src/catalogue/coverageDatasets.ts). */
export interface CoverageDataset {
  name: string;
  table: string;
  /** The column of its market date (or time, or report period). */
  dateColumn: string;
  /** Sessions (`trade_date`), minutes (`trade_time`), or report periods (`end_date`). */
  clock: 'session' | 'minute' | 'period';
  completeness: Completeness;
  /** The scheduled updates that fill it. */
  sources: readonly UpdateSource[];
}

/** SYNC_MIN_COVERAGE's default: a session holding 95 % of its universe is loaded. */
export const DEFAULT_MIN_COVERAGE = 0.95;
/** How many sessions back an update looks for missing and partial ones, and coverage reports them. */
export const GAP_WINDOW_SESSIONS = 60;

export type SessionState = 'complete' | 'partial' | 'missing';

/** A session of a dataset: rows held, and of the universe (listed, not suspended) how many are expected. */
export interface SessionCount {
  rows: number;
  expected: number;
}

/** Whether a session is loaded under the dataset's rule (see `Completeness`). */
export function sessionState(
  { rows, expected }: SessionCount,
  completeness: Completeness,
  minCoverage: number,
): SessionState {
  if (rows === 0) return completeness === 'none' ? 'complete' : 'missing';
  if (completeness !== 'universe' || expected === 0) return 'complete';
  return rows >= Math.ceil(expected * minCoverage) ? 'complete' : 'partial';
}

/** A stock's listed life: from `list_date` (on it) until `delist_date` (not on it); null: open-ended. */
export interface ListedLife {
  list_date: string | null;
  delist_date: string | null;
}

/** How many stocks trade on each of `sessions`: listed that day, less those suspended all day (`halted`). */
export function universeCounts(
  sessions: readonly string[],
  lives: readonly ListedLife[],
  halted: ReadonlyMap<string, number>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const day of sessions) {
    let listed = 0;
    for (const { list_date, delist_date } of lives)
      if ((list_date === null || list_date <= day) && (delist_date === null || delist_date > day)) listed++;
    counts.set(day, Math.max(0, listed - (halted.get(day) ?? 0)));
  }
  return counts;
}

/** The sessions not complete, each with its state, oldest first. */
export function gapsOf(
  sessions: readonly string[],
  counts: ReadonlyMap<string, SessionCount>,
  completeness: Completeness,
  minCoverage: number,
): Array<{ date: string; state: Exclude<SessionState, 'complete'> } & SessionCount> {
  const gaps = [];
  for (const date of sessions) {
    const count = counts.get(date) ?? { rows: 0, expected: 0 };
    const state = sessionState(count, completeness, minCoverage);
    if (state !== 'complete') gaps.push({ date, state, ...count });
  }
  return gaps;
}

/** Open sessions after `last` through `expected`: how far a dataset is behind (0 when current; null when empty). */
export function lagInSessions(last: string | null, expected: string | null, days: OpenDays): number | null {
  if (last === null || expected === null) return null;
  return days.countBetween(last, expected);
}
