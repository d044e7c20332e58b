/** Beijing time (UTC+8, no daylight saving): the clock of the three exchanges. */
const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
/** The Beijing day last asked for: [from, until) in epoch ms. */
let today = { from: 0, until: 0, day: '' };

/**
 * "Today" for every route and job: the exchange's date in Asia/Shanghai. At 23:30 UTC it is already
 * 07:30 of the next day in Beijing, so the UTC date would be one day behind for eight hours a day.
 */
export function exchangeToday(now?: Date): string {
  const at = now === undefined ? Date.now() : now.getTime();
  // Asked on every cached answer (its key holds the date): the day is worked out once and reused while `at`
  // stays within it, so the warm path makes no Date and no ISO string per request.
  if (at < today.from || at >= today.until) {
    const from = at - ((((at + BEIJING_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS);
    today = { from, until: from + DAY_MS, day: new Date(from + BEIJING_OFFSET_MS).toISOString().slice(0, 10) };
  }
  return today.day;
}

/** The Beijing wall-clock time of an instant as `YYYY-MM-DD HH:MM:SS` (how minute bars and ticks are stamped). */
export function exchangeDateTime(instant: Date): string {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
