/** The periods a sync splits a date range into: days, months, years, reporting periods. */

export { isoToCompactDate as compact } from './dates';

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => iso(new Date(Date.UTC(year, month, day)));
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The calendar months meeting [from, to], each clipped to the range: [first day, last day]. */
export function monthsOf(from: string, to: string): [string, string][] {
  const months: [string, string][] = [];
  for (let year = Number(from.slice(0, 4)), month = Number(from.slice(5, 7)) - 1; utc(year, month, 1) <= to; month++) {
    months.push([later(from, utc(year, month, 1)), earlier(to, utc(year, month + 1, 0))]);
  }
  return months;
}

/** Every calendar day from `from` to `to`, inclusive. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let day = from, n = 1;
    day <= to;
    day = utc(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)) + n++)
  )
    days.push(day);
  return days;
}

/** The calendar years meeting [from, to], each clipped to the range. */
export function yearsOf(from: string, to: string): [string, string][] {
  const years: [string, string][] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    years.push([later(from, `${year}-01-01`), earlier(to, `${year}-12-31`)]);
  }
  return years;
}

/**
 * Quarter-end reporting periods inside [from, to], with the day their statements are due (CSRC: Q1 and the
 * annual report by 30 April, the half year by 31 August, Q3 by 31 October); later restatements come in
 * with a higher update_flag on a new run.
 */
export function reportingPeriodsOf(from: string, to: string): { period: string; dueOn: string }[] {
  const periods: { period: string; dueOn: string }[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const quarters: [string, string][] = [
      [`${year}-03-31`, `${year}-04-30`],
      [`${year}-06-30`, `${year}-08-31`],
      [`${year}-09-30`, `${year}-10-31`],
      [`${year}-12-31`, `${year + 1}-04-30`],
    ];
    for (const [period, dueOn] of quarters) if (period >= from && period <= to) periods.push({ period, dueOn });
  }
  return periods;
}
