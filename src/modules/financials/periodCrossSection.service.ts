import type { Db } from '../../db/connection';
import { noData } from '../../domain/errors';
import type { PeriodCrossSectionQuery, StatementQuery } from '../../domain/statementQuery';
import type { CodeHistory } from '../common/codeHistory.service';
import { toMetricsRecord } from './financialMetrics.service';
import { codesWithPeriod, type StatementTable } from './financials.repository';
import { statementPages, tripleStatementPages } from './financials.service';
import type { Pages } from './financials.types';
import { BALANCE, CASH_FLOW, INCOME, READERS } from './statementKinds.service';

export type CrossSectionStatement = 'income' | 'balance-sheet' | 'cash-flow' | 'financial-metrics';

/** Each statement of a cross-section: the table its companies are listed from, and how a page of records is built. */
const STATEMENTS: Record<CrossSectionStatement, { table: StatementTable; pages(db: Db, codes: CodeHistory, query: StatementQuery): Promise<Pages<object>> }> = {
  income: { table: 'income_statements', pages: (db, codes, query) => statementPages(db, codes, query, INCOME) },
  'balance-sheet': { table: 'balance_sheets', pages: (db, codes, query) => statementPages(db, codes, query, BALANCE) },
  'cash-flow': { table: 'cash_flows', pages: (db, codes, query) => statementPages(db, codes, query, CASH_FLOW) },
  'financial-metrics': { table: 'income_statements', pages: (db, codes, query) => tripleStatementPages(db, codes, query, READERS, toMetricsRecord) },
};

/**
 * One statement of every company for one period, a page of companies by code: the page comes from the period
 * index, then the records of its companies are built as the per-symbol routes build them (the same versions
 * as of `as_of`, the same growth and margins), in one pass of queries for the whole page, not one per company.
 */
export async function periodCrossSection(db: Db, codes: CodeHistory, statement: CrossSectionStatement, query: PeriodCrossSectionQuery): Promise<Pages<object>> {
  const { table, pages } = STATEMENTS[statement];
  const filter = { endDate: query.reportDate, reportType: query.reportType, asOf: query.asOf };
  const listed = await codesWithPeriod(db, table, filter, query.window);
  if (listed.total === 0) throw noData(`No ${statement} statement of the period ending ${query.reportDate}${query.asOf ? ` announced by ${query.asOf}` : ''}`);
  if (listed.codes.length === 0) return { pages: [], total: listed.total };
  const perSymbol: StatementQuery = {
    symbols: listed.codes, single: false, kind: query.kind, reportType: query.reportType, begin: query.reportDate, end: query.reportDate, asOf: query.asOf, limit: 1, offset: 0,
  };
  return { pages: (await pages(db, codes, perSymbol)).pages, total: listed.total };
}
