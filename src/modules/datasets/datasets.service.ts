import type { Db } from '../../db/connection';
import { addDays, addYears } from '../../domain/time/calendar';
import { exchangeToday } from '../../domain/time/clock';
import { assertOrdered, assertRangeAtMost, MAX_RANGE_YEARS } from '../../domain/time/dateRange';
import { missingParameter, noData } from '../../domain/api/errors';
import { notYetVisible, type Visibility } from '../../domain/time/marketTime';
import type { PageRequest } from '../../domain/api/pagination';
import type { TableLayout } from '../../domain/tables/tableLayout';
import { isOfSecurities } from '../../domain/tables/datasetDescriptors';
import type { CodeHistory } from '../common/codeHistory.service';
import { securityCodesOf } from '../common/securityResolution.service';
import { datasetPage, firstHiddenDay } from './datasets.repository';
import type { AnnouncedDatasetRow, DatasetRow } from './datasets.types';
import { announcedDatasetPage } from './announcedDatasets.repository';
import type { RoutedDataset } from './datasetRoutes.catalog';

export interface DatasetRequest {
  symbol?: string;
  date?: string;
  begin?: string;
  end?: string;
  /** Columns that must equal a value (DATASET_FILTERS). */
  equals: Readonly<Record<string, string>>;
}

/**
 * The days a dataset request covers: one day (`date`: a trading day, a report period, an unlock day), or for one
 * security a range, by default the `years` up to `latest`, at most three years.
 */
export function rangeOf(
  { date, begin, end }: Pick<DatasetRequest, 'date' | 'begin' | 'end'>,
  latest: string,
  years = 1,
): { begin: string; end: string } {
  if (date !== undefined) return { begin: date, end: date };
  const last = end ?? latest;
  const first = begin ?? addDays(addYears(last, -years), 1);
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
  if (isOfSecurities(layout) && request.symbol === undefined && request.date === undefined)
    throw missingParameter('Give symbol (one security over time), date (the whole market on a day), or both');
  const range = rangeOf(request, visibility.dailyThrough ?? exchangeToday());
  const security = await securityCodesOf(db, codes, request.symbol);
  const query = { codes: security.all, ...range, equals: request.equals, ...window };
  const page = await datasetPage(db, layout, query, visibility.dailyThrough);
  if (page.total > 0) return page;
  const hidden =
    visibility.dailyThrough === null ? null : await firstHiddenDay(db, layout, query, visibility.dailyThrough);
  if (hidden !== null) throw notYetVisible(visibility, { date: hidden });
  throw noData(
    `No ${layout.table.replace(/_/g, ' ')} ${security.current ? `of ${security.current} ` : ''}between ${range.begin} and ${range.end}`,
  );
}

export interface AnnouncedDatasetRequest {
  symbol?: string;
  /** One day's (a report period's, an unlock day's) whole market, or the one security's rows of it. */
  day?: string;
  begin?: string;
  end?: string;
  /** What had been announced by this day (default: today). */
  asOf?: string;
}

/**
 * A page of an announced dataset (shareholders, unlocks), point in time: one security's rows (by default of the
 * year up to `as_of`, or the year either side when the route looks `ahead`), the whole market of one day, or
 * both; of each security and day the latest announcement on or before `as_of`. Disclosures, not market data:
 * no plan delay.
 */
export async function announcedDatasetRows(
  { db, codes }: { db: Db; codes: CodeHistory },
  dataset: RoutedDataset<'announcement'>,
  request: AnnouncedDatasetRequest,
  window: PageRequest,
): Promise<{ rows: AnnouncedDatasetRow[]; total: number }> {
  const { date, wire, ahead } = dataset.route;
  if (request.symbol === undefined && request.day === undefined)
    throw missingParameter(`Give symbol (one security over time), ${wire} (the whole market of one day), or both`);
  const asOf = request.asOf ?? exchangeToday();
  const range = rangeOf(
    { date: request.day, begin: request.begin, end: request.end },
    ahead ? addYears(asOf, 1) : asOf,
    ahead ? 2 : 1,
  );
  const security = await securityCodesOf(db, codes, request.symbol);
  const page = await announcedDatasetPage(db, dataset, { codes: security.all, ...range, asOf, ...window });
  if (page.total > 0) return page;
  const what = date === 'end_date' ? 'periods' : date.replace(/_/g, ' ') + 's';
  throw noData(
    `No ${dataset.table.replace(/_/g, ' ')} ${security.current ? `of ${security.current} ` : ''}for ${what} between ${range.begin} and ${range.end} announced by ${asOf}`,
  );
}
