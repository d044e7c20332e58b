import { clockOf } from './dates';

/** The trading minutes of a session in order: 09:31-11:30, then 13:01-15:00 (each bar's end). */
const SESSION_MINUTES = 240;
const MORNING_MINUTES = 120;

/**
 * Where a replay stands after `elapsedMs` of wall-clock time at `speed`× (a session replayed at 20× takes 12
 * minutes): the Beijing time of day in the session, `HH:MM:SS`, from 09:30:00 through the morning, on from
 * 13:00:00 after it (the lunch break skipped), held at 15:00:00 at the end.
 */
export function replayTimeOf(elapsedMs: number, speed: number): string {
  const sessionSeconds = Math.min(Math.max(0, (elapsedMs * speed) / 1000), SESSION_MINUTES * 60);
  const minute = Math.floor(sessionSeconds / 60);
  const second = Math.floor(sessionSeconds % 60);
  if (minute < MORNING_MINUTES || sessionSeconds === MORNING_MINUTES * 60) return clockOf(9 * 60 + 30 + minute, second);
  return clockOf(13 * 60 + (minute - MORNING_MINUTES), second);
}
