import type { operations } from './api.js';

type DailyOk = operations['getDaily']['responses'][200]['content']['application/json'];
export type DailySeries = Extract<DailyOk['data'], { daily: unknown }>;

/** The API refuses a daily range longer than this (400 `date_range_too_large`). */
export const MAX_RANGE_YEARS = 3;
/** The largest `limit` the API takes; three years hold about 730 trading days, so a window is never cut. */
export const MAX_BAR_LIMIT = 1000;

const DAY_MS = 86_400_000;
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/** `iso` moved by whole years; 29 February becomes the 28th in a common year (as the API counts). */
function addYears(iso: string, years: number): string {
  const candidate = `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;
  return toIso(toDate(candidate)).slice(5) === iso.slice(5) ? candidate : `${candidate.slice(0, 4)}-02-28`;
}

const addDays = (iso: string, days: number) => toIso(new Date(toDate(iso).getTime() + days * DAY_MS));

/**
 * Windows of at most three years that cover `begin`..`end` without overlap, newest first. A window starts
 * the day after `end` minus three years, so 2022-01-01..2024-12-31 is one window and 2021-12-31 opens the next.
 */
export function dailyWindows(begin: string, end: string): Array<{ begin: string; end: string }> {
  const windows: Array<{ begin: string; end: string }> = [];
  for (let last = end; last >= begin;) {
    const first = addDays(addYears(last, -MAX_RANGE_YEARS), 1);
    windows.push({ begin: first > begin ? first : begin, end: last });
    last = addDays(first, -1);
  }
  return windows;
}

/** Today in Beijing (UTC+8, no daylight saving), the exchanges' calendar day. */
export function beijingToday(now = Date.now()): string {
  return toIso(new Date(now + 8 * 3_600_000));
}

/**
 * The series of several windows (newest window first; null for a window without data) as one answer: per
 * symbol the bars joined newest first and cut to `limit`. `single` says whether the answer is one series.
 */
export function mergeDailyWindows(windows: Array<DailySeries[] | null>, limit: number | undefined): DailySeries[] {
  const present = windows.filter((series): series is DailySeries[] => series !== null);
  const [newest] = present;
  if (newest === undefined) return [];
  return newest.map((series, i) => {
    const daily = present.flatMap((window) => window[i]?.daily ?? []);
    return { ...series, daily: limit === undefined ? daily : daily.slice(0, limit) };
  });
}
