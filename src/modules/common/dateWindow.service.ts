import { addYears } from '../../domain/time/calendar';
import { assertOrdered, assertRangeAtMost, MAX_RANGE_YEARS } from '../../domain/time/dateRange';
import { noData } from '../../domain/api/errors';
import { notYetVisible, type Visibility } from '../../domain/time/marketTime';
import type { OpenDays } from '../../domain/time/openDays';
import type { TradingCalendar } from './tradingCalendar.service';

export const DEFAULT_WINDOW_TRADING_DAYS = 30;

export interface DateWindow {
  begin: string;
  end: string;
  /** The latest visible trading day in the store. */
  latest: string;
}

/**
 * When the store holds a trading day on or after `from` that the plan does not see yet (between a close and
 * the end of the plan's delay): 404 no_data naming the first such day and when it becomes visible. From
 * memory (the store's newest day and the open days), so only the failing path pays for it.
 */
export async function assertNotHidden(
  calendar: TradingCalendar,
  visibility: Visibility,
  from: string | null,
): Promise<void> {
  const through = visibility.dailyThrough;
  const stored = await calendar.latestTradingDay(null);
  if (through === null || stored === null || stored <= through || (from !== null && from > stored)) return;
  const start = from !== null && from > through ? from : through;
  const hidden = (await calendar.openDays()).between(start, stored).find((day) => day > through) ?? stored;
  throw notYetVisible(visibility, { date: hidden });
}

/** The newest trading day the plan sees; none: 404 no_data (naming when a loaded day becomes visible, if one is). */
export async function requireLatestTradingDay(calendar: TradingCalendar, visibility: Visibility): Promise<string> {
  const latest = await calendar.latestTradingDay(visibility.dailyThrough);
  if (latest === null) {
    await assertNotHidden(calendar, visibility, null);
    throw noData('No market data loaded');
  }
  return latest;
}

/** A window starting after the newest day the plan sees: first say so when the store holds that day, hidden. */
export async function assertBeginVisible(
  calendar: TradingCalendar,
  visibility: Visibility,
  begin: string | undefined,
  latest: string,
): Promise<void> {
  if (begin !== undefined && begin > latest) await assertNotHidden(calendar, visibility, begin);
}

/**
 * The daily window: end defaults to the latest trading day, begin to 30 trading days (on the calendar)
 * before the end; at most three years.
 */
export async function dailyWindow(
  calendar: TradingCalendar,
  openDays: OpenDays,
  begin: string | undefined,
  end: string | undefined,
  visibility: Visibility,
): Promise<DateWindow> {
  const latest = await requireLatestTradingDay(calendar, visibility);
  const last = end ?? latest;
  const first = begin ?? openDays.before(last, DEFAULT_WINDOW_TRADING_DAYS) ?? last;
  await assertBeginVisible(calendar, visibility, first, latest);
  assertOrdered(first, last, end !== undefined);
  assertRangeAtMost(first, last, MAX_RANGE_YEARS);
  return { begin: first, end: last, latest };
}

/** The default row limit: the number of trading days in the year up to the latest trading day (about 250). */
export function tradingDaysInLatestYear(openDays: OpenDays, latest: string): number {
  return Math.max(1, openDays.countBetween(addYears(latest, -1), latest));
}

/** The latest visible trading day, and the day of a cross-section: the one asked (an open day with visible data) or that one. */
export async function crossSectionDay(
  { calendar }: { calendar: TradingCalendar },
  asked: string | undefined,
  visibility: Visibility,
): Promise<{ date: string; latest: string }> {
  const latest = await requireLatestTradingDay(calendar, visibility);
  if (asked === undefined) return { date: latest, latest };
  const openDays = await calendar.openDays();
  if (openDays.before(asked, 0) !== asked) {
    const previous = openDays.lastBefore(asked);
    throw noData(
      `${asked} is not a trading day${previous === null ? '' : `; the previous trading day is ${previous}`}`,
    );
  }
  if (asked > latest) await assertNotHidden(calendar, visibility, asked);
  if (asked > latest) throw noData(`No data of ${asked}: the latest data is of ${latest}`);
  return { date: asked, latest };
}
