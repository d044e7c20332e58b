import type { Db } from '../../db/connection';
import { noData } from '../../domain/api/errors';
import { assertOrdered, assertRangeAtMost, MAX_RANGE_YEARS } from '../../domain/time/dateRange';
import { adjustmentFactors, calendarDays } from './market.repository';
import type { FactorRow } from './market.types';
import type { CalendarRow } from './market.types';
import type { SecurityAnchor } from './market.types';

/**
 * Calendar days of a range, at most three years; by default the current calendar year (Beijing), or the
 * year of the one date given.
 */
export async function tradingCalendar(
  db: Db,
  request: { begin?: string; end?: string; isOpen?: boolean },
  today: string,
): Promise<CalendarRow[]> {
  const begin = request.begin ?? (request.end ? `${request.end.slice(0, 4)}-01-01` : `${today.slice(0, 4)}-01-01`);
  const end = request.end ?? `${(request.begin ?? today).slice(0, 4)}-12-31`;
  assertOrdered(begin, end);
  assertRangeAtMost(begin, end, MAX_RANGE_YEARS);
  const days = await calendarDays(db, begin, end, request.isOpen);
  if (days.length === 0) throw noData(`No calendar days between ${begin} and ${end}`);
  return days;
}

/** Stored factors of a security up to its anchor day (the latest visible trading day), newest first. */
export async function factorHistory(
  db: Db,
  security: SecurityAnchor,
  request: { begin?: string; end?: string },
): Promise<FactorRow[]> {
  const anchorDate = security.anchor_date;
  if (anchorDate === null || security.anchor_factor === null)
    throw noData(`No adjustment factors for ${security.ts_code}`);
  const end = request.end !== undefined && request.end < anchorDate ? request.end : anchorDate;
  if (request.begin) assertOrdered(request.begin, end, request.end !== undefined && request.end < anchorDate);
  const rows = await adjustmentFactors(db, security.ts_code, request.begin ?? null, end);
  if (rows.length === 0) throw noData(`No adjustment factors for ${security.ts_code} in the requested range`);
  return rows;
}
