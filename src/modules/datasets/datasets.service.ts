import type { Db } from '../../db/connection';
import { addDays, addYears } from '../../domain/calendar';
import { exchangeToday } from '../../domain/clock';
import { assertOrdered, assertRangeAtMost, MAX_RANGE_YEARS } from '../../domain/dateRange';
import { missingParameter, noData } from '../../domain/errors';
import { notYetVisible, type Visibility } from '../../domain/marketTime';
import type { PageRequest } from '../../domain/pagination';
import { parseOneSymbol } from '../../domain/symbols';
import type { TableLayout } from '../../domain/tables/tableLayout';
import type { CodeHistory } from '../common/codeHistory.service';
import { listingRows } from '../common/listing.repository';
import { resolveSecurities } from '../common/securityResolution.service';
import { datasetPage, firstHiddenDay } from './datasets.repository';
import type { DatasetRow } from './datasets.types';

export interface DatasetRequest {
  symbol?: string;
  date?: string;
  begin?: string;
  end?: string;
  /** Columns that must equal a value (DATASET_FILTERS). */
  equals: Readonly<Record<string, string>>;
}

/**
 * The days a dataset request covers: one day (`date`), or for one security a range, by default the year up
 * to the newest day the plan sees (or today), at most three years.
 */
function rangeOf({ date, begin, end }: DatasetRequest, visibility: Visibility): { begin: string; end: string } {
  if (date !== undefined) return { begin: date, end: date };
  const last = end ?? visibility.dailyThrough ?? exchangeToday();
  const first = begin ?? addDays(addYears(last, -1), 1);
  assertOrdered(first, last, end !== undefined);
  assertRangeAtMost(first, last, MAX_RANGE_YEARS);
  return { begin: first, end: last };
}

/**
 * A page of a dataset: one security over time (an old code answering for the security it became: every code
 * of it is read), the whole market on a day, or one security on a day; the rows the plan sees. Nothing
 * visible while rows exist that the plan does not see yet → no_data saying when the first one becomes visible.
 */
export async function datasetRows(
  { db, codes }: { db: Db; codes: CodeHistory },
  layout: TableLayout<string>,
  request: DatasetRequest,
  window: PageRequest,
  visibility: Visibility,
): Promise<{ rows: DatasetRow[]; total: number }> {
  if (request.symbol === undefined && request.date === undefined) throw missingParameter('Give symbol (one security over time), date (the whole market on a day), or both');
  const range = rangeOf(request, visibility);
  const [security] = request.symbol === undefined ? [] : await resolveSecurities(codes, [parseOneSymbol(request.symbol)], (current) => listingRows(db, current));
  const query = { codes: security ? security.spans.map((span) => span.code) : null, ...range, equals: request.equals, ...window };
  const page = await datasetPage(db, layout, query, visibility.dailyThrough);
  if (page.total > 0) return page;
  const hidden = visibility.dailyThrough === null ? null : await firstHiddenDay(db, layout, query, visibility.dailyThrough);
  if (hidden !== null) throw notYetVisible(visibility, { date: hidden });
  throw noData(`No ${layout.table.replace('_', ' ')} ${security ? `of ${security.row.ts_code} ` : ''}between ${range.begin} and ${range.end}`);
}
