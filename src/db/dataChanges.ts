import type { Db } from './connection';
import type { DateRanges, PartitionColumn } from '../domain/tables/flatLayout';
import { toSqlDateTime } from '../domain/time/dates';

/** A change of the store: a table's rows written, over a range of days of a partition column, or of any day. */
export interface DataChange {
  id: number;
  table: string;
  /** Null: rows without a partition column (every day of what reads the table may have changed). */
  column: PartitionColumn | null;
  first: string | null;
  last: string | null;
}

/**
 * Records that a load wrote rows of `table` over `ranges` (none: rows of no day), in the load's transaction, so
 * that the change and the rows commit together.
 */
export async function recordChanges(db: Db, table: string, ranges: DateRanges): Promise<void> {
  const changed_at = toSqlDateTime(new Date());
  const rows =
    ranges.size === 0
      ? [{ table_name: table, date_column: null, first_date: null, last_date: null, changed_at }]
      : [...ranges].map(([column, { first, last }]) => ({
          table_name: table,
          date_column: column,
          first_date: first,
          last_date: last,
          changed_at,
        }));
  await db('data_changes').insert(rows);
}

const day = (value: unknown): string | null => (value == null ? null : String(value).slice(0, 10));

/** The changes after `id`, oldest first, through `through` (the last id when the reader began). */
export async function changesBetween(db: Db, after: number, through: number): Promise<DataChange[]> {
  const rows = await db('data_changes').where('id', '>', after).where('id', '<=', through).orderBy('id');
  return rows.map((row: Record<string, unknown>) => ({
    id: Number(row.id),
    table: String(row.table_name),
    column: (row.date_column ?? null) as PartitionColumn | null,
    first: day(row.first_date),
    last: day(row.last_date),
  }));
}

/** The id of the newest change; 0 when none is recorded. */
export async function lastChangeId(db: Db): Promise<number> {
  const row = await db('data_changes').max({ id: 'id' }).first();
  return Number(row?.id ?? 0);
}
