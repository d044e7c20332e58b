import type { Db } from '../../db/connection';
import { noData } from '../../domain/errors';
import type { PeriodCrossSectionQuery, StatementQuery } from '../../domain/statementQuery';
import type { CodeHistory } from '../common/codeHistory.service';
import { BALANCE_FIELDS } from './balanceSheet.service';
import { CASH_FLOW_FIELDS } from './cashFlow.service';
import { METRICS_FIELDS, toMetricsRecord } from './financialMetrics.service';
import { INCOME_FIELDS } from './incomeStatement.service';
import { codesWithPeriod, type StatementTable } from './financials.repository';
import { statementPages, tripleStatementPages } from './financials.service';
import type { Pages } from './financials.types';
import { BALANCE, CASH_FLOW, INCOME, READERS } from './statementKinds.service';

export type CrossSectionStatement = 'income' | 'balance-sheet' | 'cash-flow' | 'financial-metrics';

interface CrossSectionStatementKind {
  /** The table its companies are listed from (the metrics' periods are the income statement's). */
  table: StatementTable;
  /** The list its containers hold, as its per-symbol route names it, and its records' fields. */
  list: string;
  fields: readonly string[];
  pages(db: Db, codes: CodeHistory, query: StatementQuery): Promise<Pages<object>>;
}

/** Each statement of a cross-section, as its per-symbol route reads and names it. */
export const CROSS_SECTION_STATEMENTS: Record<CrossSectionStatement, CrossSectionStatementKind> = {
  income: { table: INCOME.table, list: 'income_statements', fields: INCOME_FIELDS, pages: (db, codes, query) => statementPages(db, codes, query, INCOME) },
  'balance-sheet': { table: BALANCE.table, list: 'balance_sheets', fields: BALANCE_FIELDS, pages: (db, codes, query) => statementPages(db, codes, query, BALANCE) },
  'cash-flow': { table: CASH_FLOW.table, list: 'cash_flows', fields: CASH_FLOW_FIELDS, pages: (db, codes, query) => statementPages(db, codes, query, CASH_FLOW) },
  'financial-metrics': {
    table: INCOME.table, list: 'financial_metrics', fields: METRICS_FIELDS, pages: (db, codes, query) => tripleStatementPages(db, codes, query, READERS, toMetricsRecord),
  },
};

/**
 * One statement of every company for one period, a page of companies by code: the page comes from the period
 * index, then the records of its companies are built as the per-symbol routes build them (the same versions
 * as of `as_of`, the same growth and margins), in one pass of queries for the whole page, not one per company.
 */
export async function periodCrossSection(db: Db, codes: CodeHistory, statement: CrossSectionStatement, query: PeriodCrossSectionQuery): Promise<Pages<object>> {
  const { table, pages } = CROSS_SECTION_STATEMENTS[statement];
  const filter = { endDate: query.reportDate, reportType: query.reportType, asOf: query.asOf };
  const listed = await codesWithPeriod(db, table, filter, query.window);
  if (listed.total === 0) throw noData(`No ${statement} statement of the period ending ${query.reportDate}${query.asOf ? ` announced by ${query.asOf}` : ''}`);
  if (listed.codes.length === 0) return { pages: [], total: listed.total };
  const perSymbol: StatementQuery = {
    symbols: listed.codes, single: false, kind: query.kind, reportType: query.reportType, begin: query.reportDate, end: query.reportDate, asOf: query.asOf, limit: 1, offset: 0,
  };
  return { pages: (await pages(db, codes, perSymbol)).pages, total: listed.total };
}
