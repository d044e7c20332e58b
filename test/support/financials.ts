import type { Knex } from 'knex';
import { compactToIsoDate } from '../../src/domain/time/dates';
import { csvRecords } from '../../src/ingest/csvRecords';
import { bumpDataVersion } from '../../src/db/dataVersions';

export type StatementTable = 'income_statements' | 'balance_sheets' | 'cash_flows';

const KEY = ['ts_code', 'report_type', 'end_date', 'f_ann_date'];
const DATE_COLUMNS = new Set(['end_date', 'f_ann_date', 'ann_date']);
const TEXT_COLUMNS = new Set(['ts_code']);

/** The real Tushare statements of 600519.SH (FY2021, 2022 Q1-Q3), copied from the shared data set. */
export const REAL_600519 = {
  income_statements: new URL('../fixtures/financials/income_600519.csv', import.meta.url).pathname,
  balance_sheets: new URL('../fixtures/financials/balancesheet_600519.csv', import.meta.url).pathname,
  cash_flows: new URL('../fixtures/financials/cashflow_600519.csv', import.meta.url).pathname,
} as const;

function cell(column: string, value: string): string | number | null {
  if (value.trim() === '') return null;
  if (DATE_COLUMNS.has(column)) return compactToIsoDate(value.trim()) ?? value.trim();
  if (TEXT_COLUMNS.has(column)) return value.trim();
  return Number(value);
}

/**
 * Loads a Tushare-format statement CSV straight into its table (YYYYMMDD → YYYY-MM-DD, columns the table
 * lacks dropped). Rows sharing a version key keep the highest update_flag, as the importer does.
 */
export async function loadStatementCsv(db: Knex, table: StatementTable, path: string): Promise<number> {
  const columns = Object.keys(await db(table).columnInfo());
  const rows: Record<string, string | number | null>[] = [];
  for await (const { values } of csvRecords(path)) {
    rows.push(
      Object.fromEntries(
        columns.filter((column) => column in values).map((column) => [column, cell(column, values[column]!)]),
      ),
    );
  }
  rows.sort((a, b) => Number(a.update_flag ?? 0) - Number(b.update_flag ?? 0));
  for (const row of rows) await db(table).insert(row).onConflict(KEY).merge();
  await bumpDataVersion(db, 'financials');
  return rows.length;
}

export type StatementFixture = { ts_code: string; end_date: string; f_ann_date: string } & Record<
  string,
  string | number | null
>;

const END_TYPES: Record<string, number> = { '03-31': 1, '06-30': 2, '09-30': 3, '12-31': 4 };

/** Inserts statement versions with the usual defaults (consolidated, general company, announced once), as an import would. */
export async function insertStatements(db: Knex, table: StatementTable, rows: StatementFixture[]): Promise<void> {
  for (const row of rows) {
    const full = {
      report_type: 1,
      comp_type: 1,
      update_flag: 1,
      ann_date: row.f_ann_date,
      end_type: END_TYPES[row.end_date.slice(5)] ?? null,
      ...row,
    };
    await db(table).insert(full).onConflict(KEY).merge();
  }
  await bumpDataVersion(db, 'financials'); // as an import does: cached answers of the statements retire
}
