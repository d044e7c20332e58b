import type { Db } from '../../db/connection';
import { noData } from '../../domain/api/errors';
import type { PeriodCrossSectionQuery, StatementQuery } from '../../domain/statements/statementQuery';
import { codesWithPeriod } from './financials.repository';
import { STATEMENTS, type StatementName } from './statementKinds.service';

/**
 * One statement of every company for one period, a page of companies by code: the page comes from the period
 * index, and its companies are then read as the per-symbol routes read them (the same versions as of `as_of`,
 * the same growth and margins), in one pass of queries for the whole page, not one per company: the per-symbol
 * query of the page (its period and names known, not read again), and the number of companies of the period.
 */
export async function periodCrossSection(
  db: Db,
  statement: StatementName,
  query: PeriodCrossSectionQuery,
): Promise<{ perSymbol: StatementQuery | null; total: number }> {
  const filter = { endDate: query.reportDate, reportType: query.reportType, asOf: query.asOf };
  const listed = await codesWithPeriod(db, STATEMENTS[statement].table, filter, query.window);
  if (listed.total === 0)
    throw noData(
      `No ${statement} statement of the period ending ${query.reportDate}${query.asOf ? ` announced by ${query.asOf}` : ''}`,
    );
  if (listed.names.size === 0) return { perSymbol: null, total: listed.total };
  return {
    perSymbol: {
      symbols: [...listed.names.keys()],
      single: false,
      kind: query.kind,
      reportType: query.reportType,
      begin: query.reportDate,
      end: query.reportDate,
      asOf: query.asOf,
      limit: 1,
      offset: 0,
      periodKnown: true,
      names: listed.names,
    },
    total: listed.total,
  };
}
