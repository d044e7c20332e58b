import type { Knex } from 'knex';
import { keyOf } from './keyTracker';
import type { Row, TableLoad } from './loaderTypes';

/**
 * Tushare corrects a row by sending it again with a higher `update_flag`: of rows sharing a key, the highest
 * flag stands (the later one on a tie), within a file and against what is stored.
 */
export function latestUpdateFlag(
  table: string,
  key: readonly string[],
): Pick<TableLoad, 'resolveSameKey' | 'beforeWrite'> {
  return {
    resolveSameKey: (earlier, later) => (Number(later.update_flag) >= Number(earlier.update_flag) ? later : earlier),
    /** Rows whose stored version (same key) carries a higher update_flag are left out. */
    async beforeWrite(trx: Knex.Transaction, rows: Row[]): Promise<Row[]> {
      const stored: Record<string, unknown>[] = [];
      // Staged MySQL batches hold 20,000 rows: ask for their keys a thousand at a time.
      for (let i = 0; i < rows.length; i += 1000) {
        const keys = rows.slice(i, i + 1000).map((row) => key.map((column) => row[column]!));
        stored.push(
          ...(await trx(table)
            .whereIn(key, keys)
            .select([...key, 'update_flag'])),
        );
      }
      const flagOf = new Map(stored.map((row) => [keyOf(row, key), Number(row.update_flag)]));
      return rows.filter((row) => (flagOf.get(keyOf(row, key)) ?? -1) <= Number(row.update_flag));
    },
  };
}
