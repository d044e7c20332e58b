import type { components } from '../../../generated/api';
import type { Db } from '../../db/connection';
import { noData } from '../../domain/api/errors';
import type { PageRequest } from '../../domain/api/pagination';
import { reportName } from '../../domain/statements/reportPeriods';
import type { CodeHistory } from '../common/codeHistory.service';
import { resolveSecurities } from '../common/securityResolution.service';
import { announcements, disclosureSchedule, securityNames } from './financials.repository';

export type ReportDate = components['schemas']['ReportDate'];

export interface ReportDatesQuery {
  symbols: string[];
  begin?: string;
  end: string;
  window: PageRequest;
}

/**
 * Reporting periods with stored statements or a disclosure schedule, newest period first, then in request
 * order of the symbols; one page of them and the total count.
 */
export async function reportDates(
  db: Db,
  codes: CodeHistory,
  query: ReportDatesQuery,
): Promise<{ items: ReportDate[]; total: number }> {
  // An old code answers for the security it became (the items carry its current code).
  const securities = await resolveSecurities(codes, query.symbols, (current) => securityNames(db, current));
  const symbols = [...new Set(securities.map(({ row }) => row.ts_code))];
  const [announced, scheduled] = await Promise.all([
    announcements(db, symbols, query.begin, query.end),
    disclosureSchedule(db, symbols, query.begin, query.end),
  ]);
  const items = new Map<string, ReportDate>();
  const keyOf = (symbol: string, endDate: string) => `${symbol}|${endDate}`;
  for (const row of scheduled) {
    items.set(keyOf(row.ts_code, row.end_date), {
      symbol: row.ts_code,
      report_date: row.end_date,
      report_name: reportName(row.end_date, 'quarterly'),
      planned_date: row.pre_date,
      announcement_date: row.actual_date,
      latest_announcement_date: null,
      versions: 0,
    });
  }
  for (const row of announced) {
    const key = keyOf(row.ts_code, row.end_date);
    items.set(key, {
      symbol: row.ts_code,
      report_date: row.end_date,
      report_name: reportName(row.end_date, 'quarterly'),
      planned_date: items.get(key)?.planned_date ?? null,
      announcement_date: row.first_announced,
      latest_announcement_date: row.last_announced,
      versions: row.versions,
    });
  }
  if (items.size === 0) throw noData('No reporting period of the requested symbols in the requested range');
  const order = new Map(symbols.map((symbol, index) => [symbol, index]));
  const ordered = [...items.values()].sort((a, b) =>
    a.report_date === b.report_date
      ? order.get(a.symbol)! - order.get(b.symbol)!
      : a.report_date < b.report_date
        ? 1
        : -1,
  );
  return { items: ordered.slice(query.window.offset, query.window.offset + query.window.limit), total: ordered.length };
}
