import type { components } from '../../../generated/api';
import type { Db } from '../../db/connection';
import type { NoneMissing } from '../../domain/api/fields';
import type { StatementQuery } from '../../domain/statements/statementQuery';
import type { CodeHistory } from '../common/codeHistory.service';
import { BALANCE_FIELDS, BALANCE_READER, toBalanceRecord, type BalanceSheetRecord } from './balanceSheet.service';
import { CASH_FLOW_FIELDS, CASH_FLOW_READER, toCashFlowRecord, type CashFlowRecord } from './cashFlow.service';
import { containerList } from './containers.serializer';
import { METRIC_READERS, METRICS_FIELDS, toMetricsRecord } from './financialMetrics.service';
import type { StatementTable } from './financials.repository';
import { statementPages, tripleStatementPages } from './financials.service';
import type { FinancialMetricsRecord, Pages } from './financials.types';
import { INCOME_FIELDS, INCOME_READER, toIncomeRecord, type IncomeStatementRecord } from './incomeStatement.service';

/** The lists a statement's containers hold, as the per-symbol routes and the cross-section name them. */
export type StatementList = Exclude<
  keyof components['schemas']['FinancialCrossSectionEntry'],
  'symbol' | 'requested_symbol' | 'name'
>;

/**
 * One kind of statement, all that serves it: the table its companies are listed from (the metrics' periods are
 * the income statement's), the list its containers hold, its records' fields, and how its pages of records
 * are read and built (columns, TTM and growth rules in the readers and record builders of its service file).
 */
export interface Statement<R extends object, L extends StatementList = StatementList> {
  table: StatementTable;
  list: L;
  fields: readonly (keyof R & string)[];
  pages(db: Db, codes: CodeHistory, query: StatementQuery): Promise<Pages<R>>;
}

/** Growth looks one year back; a TTM needs one more year of reports; quarterly figures stand alone. */
const INCOME: Statement<IncomeStatementRecord, 'income_statements'> = {
  table: 'income_statements',
  list: 'income_statements',
  fields: INCOME_FIELDS,
  pages: (db, codes, query) =>
    statementPages(db, codes, query, {
      table: 'income_statements',
      reader: INCOME_READER,
      toRecord: toIncomeRecord,
      yearsBack: { annual: 1, quarterly: 0, ttm: 2 },
    }),
};
const BALANCE: Statement<BalanceSheetRecord, 'balance_sheets'> = {
  table: 'balance_sheets',
  list: 'balance_sheets',
  fields: BALANCE_FIELDS,
  pages: (db, codes, query) =>
    statementPages(db, codes, query, {
      table: 'balance_sheets',
      reader: BALANCE_READER,
      toRecord: toBalanceRecord,
      yearsBack: { annual: 0, quarterly: 0, ttm: 0 },
    }),
};
const CASH_FLOW: Statement<CashFlowRecord, 'cash_flows'> = {
  table: 'cash_flows',
  list: 'cash_flows',
  fields: CASH_FLOW_FIELDS,
  pages: (db, codes, query) =>
    statementPages(db, codes, query, {
      table: 'cash_flows',
      reader: CASH_FLOW_READER,
      toRecord: toCashFlowRecord,
      yearsBack: { annual: 0, quarterly: 0, ttm: 1 },
    }),
};
const METRICS: Statement<FinancialMetricsRecord, 'financial_metrics'> = {
  table: 'income_statements',
  list: 'financial_metrics',
  fields: METRICS_FIELDS,
  pages: (db, codes, query) => tripleStatementPages(db, codes, query, METRIC_READERS, toMetricsRecord),
};

/** Every statement by the name the cross-section's `statement` takes: adding one is an entry here and its migration. */
export const STATEMENTS = {
  income: INCOME,
  'balance-sheet': BALANCE,
  'cash-flow': CASH_FLOW,
  'financial-metrics': METRICS,
} as const;
export type StatementName = keyof typeof STATEMENTS;

/** A statement's containers of the chosen fields, one list each: the per-symbol routes' `data`. */
export async function statementContainers<R extends object, L extends StatementList>(
  statement: Statement<R, L>,
  read: { db: Db; codes: CodeHistory; query: StatementQuery },
  fields: readonly (keyof R & string)[],
) {
  const { pages, total } = await statement.pages(read.db, read.codes, read.query);
  return { containers: containerList(pages, statement.list, fields), total };
}

type EntryRecord<L extends StatementList> = NonNullable<components['schemas']['FinancialCrossSectionEntry'][L]>[number];
/** Whether a statement's records are exactly the records a cross-section entry holds under its list: its keys, its types. */
type IsEntryRecord<R, L extends StatementList> = [
  Exclude<keyof R, keyof EntryRecord<L>>,
  Exclude<keyof EntryRecord<L>, keyof R>,
] extends [never, never]
  ? R extends EntryRecord<L>
    ? true
    : false
  : false;
/** The statements whose records are not what their list in a cross-section entry holds. */
type RecordsNotOfEntry = {
  [N in StatementName]: (typeof STATEMENTS)[N] extends Statement<infer R, infer L>
    ? IsEntryRecord<R, L> extends true
      ? never
      : N
    : N;
}[StatementName];
/** Compile-time proof that each statement's records are what its list in a cross-section entry holds. */
export type CrossSectionRecordsProven = NoneMissing<RecordsNotOfEntry>;
