import { col, required, tableLayout } from './tableLayout';

/**
 * The statements' key and version columns, shared by the three tables (db/migrations/statementColumns.ts);
 * their figures are every other column the table holds, in Tushare's order as the migrations list them, all
 * in yuan (read from the schema where needed: src/modules/tushare/tushare.repository.ts).
 */
const statement = (table: string) =>
  tableLayout({
    table,
    key: ['ts_code', 'report_type', 'end_date', 'f_ann_date'],
    columns: {
      ts_code: required(col.code()),
      ann_date: col.date(),
      f_ann_date: required(col.date()),
      end_date: required(col.date()),
      report_type: required(col.text()),
      comp_type: col.text(),
      end_type: col.text(),
      update_flag: col.text(),
    },
  });

export const INCOME_STATEMENTS = statement('income_statements');
export const BALANCE_SHEETS = statement('balance_sheets');
export const CASH_FLOWS = statement('cash_flows');
