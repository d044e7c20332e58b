import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { keyOf } from '../keyTracker';
import type { Row, TableLoad } from '../loadTable';
import { date, int, num, requiredDate, tsCode } from './fieldParsers';

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
      resolveSameKey: (earlier, later) => (Number(later.update_flag) >= Number(earlier.update_flag) ? later : earlier),
      filterStored: (trx, rows) => dropOlderFlags(trx, table, rows),
    };
  };
}

/** Rows whose stored version (same key) carries a higher update_flag are left out. */
async function dropOlderFlags(trx: Knex.Transaction, table: string, rows: Row[]): Promise<Row[]> {
  const stored: Record<string, unknown>[] = [];
  // Staged MySQL batches hold 20,000 rows: ask for their keys a thousand at a time.
  for (let i = 0; i < rows.length; i += 1000) {
    const keys = rows.slice(i, i + 1000).map((row) => KEY.map((column) => row[column]!));
    stored.push(...(await trx(table).whereIn(KEY, keys).select([...KEY, 'update_flag'])));
  }
  const flagOf = new Map(stored.map((row) => [keyOf(row, KEY), Number(row.update_flag)]));
  return rows.filter((row) => (flagOf.get(keyOf(row, KEY)) ?? -1) <= Number(row.update_flag));
}

