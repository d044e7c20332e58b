import { isLongerThanYears } from './calendar';
import { dateRangeTooLarge, invalidParameter, noData } from '../api/errors';

/** The longest date range one request may ask for. */
export const MAX_RANGE_YEARS = 3;

/**
 * begin_date after end_date: 400 when the caller gave both; when the end is a default (the latest data),
 * a begin after it just finds nothing: 404 no_data.
 */
export function assertOrdered(begin: string, end: string, endGiven = true): void {
  if (begin <= end) return;
  if (!endGiven) throw noData(`No data from ${begin}: the latest data is of ${end}`);
  throw invalidParameter(`begin_date ${begin} is after end_date ${end}`);
}

/** A range longer than `years`: 400 date_range_too_large. */
export function assertRangeAtMost(begin: string, end: string, years: number): void {
  if (isLongerThanYears(begin, end, years)) {
    throw dateRangeTooLarge(
      `Date range ${begin}..${end} is longer than ${years} years; split it into several requests`,
    );
  }
}
