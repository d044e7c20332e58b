import { exchangeDateTime } from './clock';
import { noData, type AppError } from '../api/errors';

/** Which clock a table's market time runs on: a daily row's trade date, or a minute bar's or tick's time. */
export type MarketClock = 'daily' | 'minute';

/**
 * Plan delays on market time: a row is visible to a plan once the moment it describes plus the plan's delay
 * has passed (and it has been loaded). A daily row (bar, factor, valuation, suspension) describes the close of
 * its session, 15:00 Beijing on its date; a minute bar its minute's end (bars are labelled by their end, 09:31
 * the first); a tick its time. When the row was loaded plays no part: a bar of 2024 loaded a second ago is
 * history, not fresh data.
 */
export const SESSION_CLOSE = '15:00:00';

/** A plan's rules as the catalogue gives them. */
export interface PlanDelays {
  plan: string;
  dailyDelayMinutes: number;
  minuteDelayMinutes: number;
  tickAccess: boolean;
}

/** What a plan sees at one instant: the newest market time of each clock it may read. */
export interface Visibility extends PlanDelays {
  /** The newest trade date whose daily rows the plan sees; null when it sees every loaded one (no delay). */
  dailyThrough: string | null;
  /** The newest minute-bar or tick time (Beijing `YYYY-MM-DD HH:MM:SS`) the plan sees; null when real time. */
  minuteThrough: string | null;
}

const MINUTE_MS = 60_000;

/** A Beijing wall-clock text moved by whole minutes (wall-clock arithmetic: Beijing has no daylight saving). */
function shiftBeijing(dateTime: string, minutes: number): string {
  const instant = new Date(`${dateTime.replace(' ', 'T')}Z`).getTime() + minutes * MINUTE_MS;
  return new Date(instant).toISOString().slice(0, 19).replace('T', ' ');
}

/** The calendar day before a `YYYY-MM-DD` date. */
const dayBefore = (date: string) => shiftBeijing(`${date} 00:00:00`, -24 * 60).slice(0, 10);

/**
 * The cut-offs of a plan at `now`. Daily: the market time `now − delay` has passed the close of its own date,
 * or else the day before is the newest visible (a calendar day: the rows' dates are trading days anyway).
 */
export function visibilityAt(delays: PlanDelays, now: Date): Visibility {
  const marketTime = (delay: number) => exchangeDateTime(new Date(now.getTime() - delay * MINUTE_MS));
  let dailyThrough: string | null = null;
  if (delays.dailyDelayMinutes > 0) {
    const seen = marketTime(delays.dailyDelayMinutes);
    dailyThrough = seen.slice(11) >= SESSION_CLOSE ? seen.slice(0, 10) : dayBefore(seen.slice(0, 10));
  }
  return {
    ...delays,
    dailyThrough,
    minuteThrough: delays.minuteDelayMinutes > 0 ? marketTime(delays.minuteDelayMinutes) : null,
  };
}

/** When a row of market time `marketTime` (Beijing) becomes visible under a delay. */
export const visibleFrom = (marketTime: string, delayMinutes: number) => shiftBeijing(marketTime, delayMinutes);

/**
 * The answer when the data asked for exists but the plan does not see it yet, naming the row's market time
 * (a date, or a minute) and the Beijing time it becomes visible: "2026-11-25 is visible to the starter plan
 * from 15:15 Beijing time".
 */
export function notYetVisible(visibility: PlanDelays, what: { date: string } | { time: string }): AppError {
  const [label, from] =
    'date' in what
      ? [what.date, visibleFrom(`${what.date} ${SESSION_CLOSE}`, visibility.dailyDelayMinutes)]
      : [what.time, visibleFrom(what.time, visibility.minuteDelayMinutes)];
  const sameDay = from.slice(0, 10) === label.slice(0, 10);
  const when = sameDay ? from.slice(11, 16) : `${from.slice(0, 16)}`;
  return noData(`${label} is visible to the ${visibility.plan} plan from ${when} Beijing time`);
}
