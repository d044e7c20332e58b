import type { Knex } from 'knex';
import { storedDay } from '../db/sql';
import { keyOf } from './keyTracker';
import type { Row, TableLoad } from './loaderTypes';

/** Two rows of one key as one: each column the later row's value, or the earlier's where the later has none. */
const coalesce = (earlier: Row, later: Row): Row =>
  Object.fromEntries(Object.entries(later).map(([column, value]) => [column, value ?? earlier[column] ?? null]));

/**
 * A source that sends one fact twice, once with a column left empty (Tushare `namechange`: tushare #895, #1647),
 * gives one row: within a file and against what is stored, a value is never replaced by none. `dates`: the
 * optional date columns completed from the store, read back as days.
 */
export function coalescedSameKey(
  table: string,
  key: readonly string[],
  dates: readonly string[],
): Pick<TableLoad, 'resolveSameKey' | 'beforeWrite'> {
  return {
    resolveSameKey: coalesce,
    async beforeWrite(trx: Knex.Transaction, rows: Row[]): Promise<Row[]> {
      const incomplete = rows.filter((row) => dates.some((column) => row[column] === null));
      const stored = new Map<string, Row>();
      for (let i = 0; i < incomplete.length; i += 1000) {
        const keys = incomplete.slice(i, i + 1000).map((row) => key.map((column) => row[column]!));
        for (const row of await trx(table)
          .whereIn([...key], keys)
          .select([...key, ...dates]))
          stored.set(keyOf(row, key), Object.fromEntries(dates.map((column) => [column, storedDay(row[column])])));
      }
      return rows.map((row) => {
        const earlier = stored.get(keyOf(row, key));
        return earlier ? coalesce(earlier, row) : row;
      });
    },
  };
}
