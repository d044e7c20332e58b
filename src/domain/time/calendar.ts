/** Calendar arithmetic on `YYYY-MM-DD` strings (UTC, no time zones involved). */

export type PeriodInterval = 'weekly' | 'monthly' | 'quarterly' | 'yearly';

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/**
 * The same day `years` later; 29 February falls back to 28 February in common years. Past year 9999 (a
 * date's four digits) it is 9999-12-31: no date of the API lies beyond it.
 */
export function addYears(iso: string, years: number): string {
  const year = Number(iso.slice(0, 4)) + years;
  if (year > 9999) return '9999-12-31';
  const candidate = `${String(year).padStart(4, '0')}${iso.slice(4)}`;
  return toIso(toDate(candidate)).slice(5) === iso.slice(5) ? candidate : `${String(year).padStart(4, '0')}-02-28`;
}

/** True when `end` lies more than `years` years after `begin`. */
export function isLongerThanYears(begin: string, end: string, years: number): boolean {
  return end > addYears(begin, years);
}

/** First calendar day of the week (Monday), month, quarter or year that contains `iso`. */
export function periodStart(iso: string, interval: PeriodInterval): string {
  const year = iso.slice(0, 4);
  const month = Number(iso.slice(5, 7));
  switch (interval) {
    case 'weekly':
      return addDays(iso, -((toDate(iso).getUTCDay() + 6) % 7));
    case 'monthly':
      return `${iso.slice(0, 7)}-01`;
    case 'quarterly':
      return `${year}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
    case 'yearly':
      return `${year}-01-01`;
  }
}

/** Last calendar day of the period that contains `iso`. */
export function periodEnd(iso: string, interval: PeriodInterval): string {
  const start = periodStart(iso, interval);
  if (interval === 'weekly') return addDays(start, 6);
  const months = { monthly: 1, quarterly: 3, yearly: 12 }[interval];
  const next = toDate(start);
  next.setUTCMonth(next.getUTCMonth() + months);
  return addDays(toIso(next), -1);
}

/**
 * Whether the period that contains `iso` has closed by `asOf` (the latest trading day in the store):
 * its last open day on the calendar is on or before `asOf`. `openDaysAscending` must cover the period.
 */
export function isPeriodClosed(
  iso: string,
  interval: PeriodInterval,
  asOf: string,
  openDaysAscending: readonly string[],
): boolean {
  const end = periodEnd(iso, interval);
  const start = periodStart(iso, interval);
  let lastOpen: string | undefined;
  for (const day of openDaysAscending) if (day >= start && day <= end) lastOpen = day;
  return lastOpen !== undefined && lastOpen <= asOf;
}

/**
 * The last day a calendar load asks its source for: the end of the year of `until` or of `today`, whichever is
 * later. The exchanges publish the year's holidays ahead (the State Council's notice each December; Tushare's
 * `trade_cal` and Baostock's `query_trade_dates` carry the whole year), so the stored calendar reaches past
 * any load's last session and the market's status on the days after it is known, not guessed.
 */
export const calendarHorizon = (until: string, today: string): string =>
  `${(until > today ? until : today).slice(0, 4)}-12-31`;
