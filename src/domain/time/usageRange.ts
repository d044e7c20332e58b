import { exchangeToday } from './clock';
import { isIsoDate } from './dates';
import { dateRangeTooLarge, invalidDateFormat, invalidParameter } from '../api/errors';

const DAY_MS = 86_400_000;
export const MAX_USAGE_DAYS = 366;
export const DEFAULT_USAGE_DAYS = 30;

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The usage report's day range: default the 30 days ending today (exchange clock); at most 366 days; begin ≤ end. */
export function usageRange(
  query: { begin_date?: string; end_date?: string },
  now = new Date(),
): { begin: string; end: string } {
  for (const value of [query.begin_date, query.end_date]) {
    if (value !== undefined && !isIsoDate(value)) throw invalidDateFormat(`Invalid date: ${value}`);
  }
  const end = query.end_date ?? exchangeToday(now);
  const begin = query.begin_date ?? toDay(toMs(end) - (DEFAULT_USAGE_DAYS - 1) * DAY_MS);
  if (begin > end) throw invalidParameter('begin_date must not be after end_date');
  if (daysBetween(begin, end).length > MAX_USAGE_DAYS) {
    throw dateRangeTooLarge(`The range may span at most ${MAX_USAGE_DAYS} days`);
  }
  return { begin, end };
}

/** Every day from begin to end inclusive. */
export function daysBetween(begin: string, end: string): string[] {
  const days: string[] = [];
  for (let ms = toMs(begin); ms <= toMs(end) && days.length <= MAX_USAGE_DAYS; ms += DAY_MS) days.push(toDay(ms));
  return days;
}
