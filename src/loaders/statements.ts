import type { Db } from '../db/connection';
import type { Row, TableLoad } from './loaderTypes';
import { date, int, num, requiredDate, tsCode } from './fieldParsers';
import { latestUpdateFlag } from './updateFlags';

const KEY = ['ts_code', 'report_type', 'end_date', 'f_ann_date'];
const DATE_COLUMNS = new Set(['end_date', 'f_ann_date', 'ann_date']);
const CODE_COLUMNS = new Set(['report_type', 'comp_type', 'end_type', 'update_flag']);

/**
 * Tushare `income`, `balancesheet`, `cashflow` (yuan, year-to-date as reported) → the table's own columns,
 * read from the schema; other CSV columns are ignored. Every announced version (f_ann_date) is kept; for the
 * same f_ann_date the higher update_flag wins, within a file and against what is stored.
 */
export function statementLoader(table: string): (db: Db) => Promise<TableLoad> {
  return async (db) => {
    const valueColumns = Object.keys(await db(table).columnInfo()).filter(
      (column) => !KEY.includes(column) && !DATE_COLUMNS.has(column) && !CODE_COLUMNS.has(column),
    );
    return {
      table,
      key: KEY,
      columns: ['ts_code', 'end_date', 'report_type'],
      dataset: 'financials',
      toRow(values) {
        const row: Row = {
          ts_code: tsCode(values),
          end_date: requiredDate(values, 'end_date'),
          report_type: int(values, 'report_type') ?? 1,
          f_ann_date: date(values, 'f_ann_date') ?? requiredDate(values, 'ann_date'),
          ann_date: date(values, 'ann_date'),
          comp_type: int(values, 'comp_type'),
          end_type: int(values, 'end_type'),
          update_flag: int(values, 'update_flag') ?? 0,
        };
        for (const column of valueColumns) if (column in values) row[column] = num(values, column);
        return row;
      },
      ...latestUpdateFlag(table, KEY),
    };
  };
}
