import { isLongerThanYears, addYears } from '../../domain/calendar';
import { dateRangeTooLarge, invalidParameter, noData } from '../../domain/errors';
import type { OpenDays } from '../../domain/openDays';
import type { TradingCalendar } from '../common/tradingCalendar.service';

export const DEFAULT_WINDOW_TRADING_DAYS = 30;
export const MAX_RANGE_YEARS = 3;

export interface DateWindow {
  begin: string;
  end: string;
  /** The latest visible trading day in the store. */
  latest: string;
}

/**
 * begin_date after end_date: 400 when the caller gave both; when the end is a default (the latest data),
 * a begin after it just finds nothing: 404 no_data.
 */
export function assertOrdered(begin: string, end: string, endGiven = true): void {
  if (begin <= end) return;
  if (!endGiven) throw noData(`No data from ${begin}: the latest data is of ${end}`);
  throw invalidParameter(`begin_date ${begin} is after end_date ${end}`);
}

export function assertRangeAtMost(begin: string, end: string, years: number): void {
  if (isLongerThanYears(begin, end, years)) {
    throw dateRangeTooLarge(`Date range ${begin}..${end} is longer than ${years} years; split it into several requests`);
  }
}

export async function requireLatestTradingDay(calendar: TradingCalendar, cutoff: string | null): Promise<string> {
  const latest = await calendar.latestTradingDay(cutoff);
  if (latest === null) throw noData('No market data loaded');
  return latest;
}

/**
 * The daily window: end defaults to the latest trading day, begin to 30 trading days (on the calendar)
 * before the end; at most three years.
 */
export async function dailyWindow(calendar: TradingCalendar, openDays: OpenDays, begin: string | undefined, end: string | undefined, cutoff: string | null): Promise<DateWindow> {
  const latest = await requireLatestTradingDay(calendar, cutoff);
  const last = end ?? latest;
  const first = begin ?? openDays.before(last, DEFAULT_WINDOW_TRADING_DAYS) ?? last;
  assertOrdered(first, last, end !== undefined);
  assertRangeAtMost(first, last, MAX_RANGE_YEARS);
  return { begin: first, end: last, latest };
}

/** The default row limit: the number of trading days in the year up to the latest trading day (about 250). */
export function tradingDaysInLatestYear(openDays: OpenDays, latest: string): number {
  return Math.max(1, openDays.countBetween(addYears(latest, -1), latest));
}
