import { exchangeDateTime } from './clock';
import type { OpenDays } from './openDays';

/**
 * Where the market stands at an instant, from the stored calendar: the phase of the trading day and the
 * sessions around it. The hours are those of the SSE's and SZSE's Trading Rules (2023 revisions, chapter 3,
 * trading hours and call auctions) and of the BSE's, the same: the opening call auction 09:15–09:25, orders
 * held 09:25–09:30, continuous trading 09:30–11:30 and 13:00–14:57, the closing call auction 14:57–15:00.
 */
export type MarketPhase =
  | 'unknown'
  | 'closed'
  | 'before_open'
  | 'opening_auction'
  | 'pre_open'
  | 'continuous'
  | 'lunch_break'
  | 'closing_auction'
  | 'after_close';

/** The phases of a trading day by the Beijing clock time each starts at, in order. */
const PHASES: ReadonlyArray<readonly [from: string, phase: MarketPhase]> = [
  ['00:00:00', 'before_open'],
  ['09:15:00', 'opening_auction'],
  ['09:25:00', 'pre_open'],
  ['09:30:00', 'continuous'],
  ['11:30:00', 'lunch_break'],
  ['13:00:00', 'continuous'],
  ['14:57:00', 'closing_auction'],
  ['15:00:00', 'after_close'],
];
export const SESSION_OPEN = '09:30:00';
export const SESSION_CLOSE_TIME = '15:00:00';

export interface MarketStatus {
  /** Beijing wall-clock time, ISO 8601 with its offset. */
  beijingTime: string;
  utcTime: string;
  /** Null when the stored calendar does not reach today: then the phase is `unknown`, never a guessed `closed`. */
  isTradingDay: boolean | null;
  phase: MarketPhase;
  /** Today when it is a trading day, else the next one; null past the stored calendar. */
  sessionDate: string | null;
  /** The session before `sessionDate` (before today when the calendar ends first). */
  previousSessionDate: string | null;
  /** The next 09:30 Beijing after now on an open day, and the next close at or after now (ISO, +08:00). */
  nextOpen: string | null;
  nextClose: string | null;
  /** The last day the stored calendar covers. */
  calendarThrough: string | null;
}

/** A Beijing date and clock time as an ISO 8601 instant with its offset. */
export const beijingInstant = (date: string, time: string) => `${date}T${time}+08:00`;

/** The phase of a trading day at a Beijing clock time `HH:MM:SS`. */
export function phaseAt(time: string): MarketPhase {
  let phase: MarketPhase = 'before_open';
  for (const [from, name] of PHASES) if (time >= from) phase = name;
  return phase;
}

export function marketStatusAt(now: Date, days: OpenDays): MarketStatus {
  const [today, time] = exchangeDateTime(now).split(' ') as [string, string];
  const instant = {
    beijingTime: `${today}T${time}+08:00`,
    utcTime: `${now.toISOString().slice(0, 19)}Z`,
    calendarThrough: days.through,
  };
  // Past the stored calendar no day is known to be open or closed: the status says so rather than guess.
  if (!days.covers(today))
    return {
      ...instant,
      isTradingDay: null,
      phase: 'unknown',
      sessionDate: null,
      previousSessionDate: null,
      nextOpen: null,
      nextClose: null,
    };
  const isTradingDay = days.isOpen(today);
  const sessionDate = isTradingDay ? today : days.nextAfter(today);
  const openToday = isTradingDay && time < SESSION_OPEN;
  const closeToday = isTradingDay && time < SESSION_CLOSE_TIME;
  const nextOpenDay = openToday ? today : days.nextAfter(today);
  const nextCloseDay = closeToday ? today : days.nextAfter(today);
  return {
    ...instant,
    isTradingDay,
    phase: isTradingDay ? phaseAt(time) : 'closed',
    sessionDate,
    previousSessionDate: days.lastBefore(sessionDate ?? today),
    nextOpen: nextOpenDay === null ? null : beijingInstant(nextOpenDay, SESSION_OPEN),
    nextClose: nextCloseDay === null ? null : beijingInstant(nextCloseDay, SESSION_CLOSE_TIME),
  };
}
