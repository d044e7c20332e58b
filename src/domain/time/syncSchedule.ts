import { SESSION_CLOSE_TIME } from './marketStatus';
import type { OpenDays } from './openDays';
import { EXCHANGES, type Exchange } from '../reference/symbols';

/** The sources an update can run from. */
export const UPDATE_SOURCES = ['baostock', 'tushare'] as const;
export type UpdateSource = (typeof UPDATE_SOURCES)[number];

/**
 * The exchanges whose stocks a source serves: Baostock none of the Beijing Stock Exchange's (its stock list has
 * no `bj.` code), so a store it keeps current covers SSE and SZSE only, and its sessions are complete without BSE.
 */
export const SOURCE_EXCHANGES: Readonly<Record<UpdateSource, readonly Exchange[]>> = {
  tushare: ['SSE', 'SZSE', 'BSE'],
  baostock: ['SSE', 'SZSE'],
};

/** The exchanges the scheduled sources serve together; every exchange without a schedule (nothing is assumed). */
export function servedExchanges(schedule: readonly ScheduleEntry[]): Exchange[] {
  if (schedule.length === 0) return [...EXCHANGES];
  return EXCHANGES.filter((exchange) => schedule.some(({ source }) => SOURCE_EXCHANGES[source].includes(exchange)));
}

/** One entry of SYNC_SCHEDULE: a source's update on each trading day at a Beijing clock time. */
export interface ScheduleEntry {
  source: UpdateSource;
  /** `HH:MM`, Beijing. */
  at: string;
}

/**
 * `SYNC_SCHEDULE`: `source@HH:MM` entries, comma-separated (`tushare@16:30,baostock@18:30`), Beijing time;
 * empty: no schedule. Throws with what is wrong, for the configuration's one-line refusal.
 */
export function parseSchedule(text: string): ScheduleEntry[] {
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([a-z]+)@([01]\d|2[0-3]):([0-5]\d)$/.exec(part);
      if (match === null) throw new Error(`"${part}" is not source@HH:MM (Beijing time), e.g. baostock@17:45`);
      const source = match[1] as UpdateSource;
      if (!UPDATE_SOURCES.includes(source))
        throw new Error(`unknown source "${match[1]}" (known: ${UPDATE_SOURCES.join(', ')})`);
      return { source, at: `${match[2]}:${match[3]}` };
    });
  const sources = entries.map((entry) => entry.source);
  const twice = sources.find((source, i) => sources.indexOf(source) !== i);
  if (twice !== undefined) throw new Error(`${twice} is scheduled twice`);
  return entries;
}

/**
 * The latest time a daily `at` (`HH:MM`) fell due at or before `now` (Beijing `YYYY-MM-DD HH:MM:SS`), as
 * `YYYY-MM-DD HH:MM`: today's when today is a trading day and its time has come, else that of the last
 * trading day before; null before the calendar.
 */
export function latestSlot(at: string, now: string, days: OpenDays): string | null {
  const [today, time] = [now.slice(0, 10), now.slice(11, 16)];
  const day = days.isOpen(today) && time >= at ? today : days.lastBefore(today);
  return day === null ? null : `${day} ${at}`;
}

/** The next time a daily `at` falls due after `now`; null past the stored calendar. */
export function nextSlot(at: string, now: string, days: OpenDays): string | null {
  const [today, time] = [now.slice(0, 10), now.slice(11, 16)];
  const day = days.isOpen(today) && time < at ? today : days.nextAfter(today);
  return day === null ? null : `${day} ${at}`;
}

/**
 * The session whose data is due by `now`: the last open day whose due time has passed. A day's data is due
 * at the earliest scheduled update (a source loads it then), or at the close when nothing is scheduled.
 */
export function expectedSession(now: string, schedule: readonly ScheduleEntry[], days: OpenDays): string | null {
  const due = schedule.length === 0 ? SESSION_CLOSE_TIME.slice(0, 5) : schedule.map((entry) => entry.at).sort()[0]!;
  return latestSlot(due, now, days)?.slice(0, 10) ?? null;
}

/** The latest session whose close has passed by `now`: the last an update may ask a source for. */
export function lastClosedSession(now: string, days: OpenDays): string | null {
  return latestSlot(SESSION_CLOSE_TIME.slice(0, 5), now, days)?.slice(0, 10) ?? null;
}
