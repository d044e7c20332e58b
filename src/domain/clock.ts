/** Beijing time (UTC+8, no daylight saving): the clock of the three exchanges. */
const BEIJING_OFFSET_MS = 8 * 3600_000;

/**
 * "Today" for every route and job: the exchange's date in Asia/Shanghai. At 23:30 UTC it is already
 * 07:30 of the next day in Beijing, so the UTC date would be one day behind for eight hours a day.
 */
export function exchangeToday(now = new Date()): string {
  return new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Beijing wall-clock time of an instant as `YYYY-MM-DD HH:MM:SS` (how minute bars and ticks are stamped). */
export function exchangeDateTime(instant: Date): string {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
