import { FUTURE_PARTITION, partitionName } from '../domain/time/dayPartitions';
import type { Db } from './connection';
import { isSqlite } from './dialect';

/**
 * Partitions of the minute tables by trade day (MySQL/MariaDB), the retention lock and batched deletes: engine
 * knowledge, so it lives in src/db; on SQLite there are no partitions and one writer at a time.
 */

/** The minute tables, partitioned by trade day on MySQL/MariaDB (migration 20261124000400). */
export const MINUTE_TABLES = ['intraday_bars', 'trades'] as const;
export type MinuteTable = (typeof MINUTE_TABLES)[number];

const RETENTION_LOCK = 'ashare_minute_retention';

/**
 * Runs `work` while this process holds MySQL's named lock for retention (on a connection of its own, the lock's
 * owner), or returns 0 at once when another holds it. SQLite: one writer at a time already.
 */
export async function withRetentionLock(db: Db, work: () => Promise<number>): Promise<number> {
  if (isSqlite(db)) return work();
  const connection = await db.client.acquireConnection();
  try {
    const [[{ locked }]] = await db.raw('select get_lock(?, 0) as locked', [RETENTION_LOCK]).connection(connection);
    if (Number(locked) !== 1) return 0;
    try {
      return await work();
    } finally {
      await db.raw('select release_lock(?)', [RETENTION_LOCK]).connection(connection);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** The table's partitions in order, or [] when it is not partitioned (always on SQLite). */
export async function partitionsOf(db: Db, table: MinuteTable): Promise<string[]> {
  if (isSqlite(db)) return [];
  return db('information_schema.partitions')
    .where({ table_schema: db.raw('database()'), table_name: table })
    .whereNotNull('partition_name')
    .orderBy('partition_ordinal_position')
    .pluck('partition_name');
}

/** Splits p_future (normally empty: retention keeps days ahead, so this is instant) into a partition per bound. */
export async function addPartitions(db: Db, table: MinuteTable, bounds: readonly string[]): Promise<void> {
  if (bounds.length === 0) return;
  const parts = bounds.map((bound) => `partition ${partitionName(bound)} values less than (to_days('${bound}'))`);
  await db.raw(
    `alter table ?? reorganize partition ${FUTURE_PARTITION} into (${parts.join(', ')}, partition ${FUTURE_PARTITION} values less than maxvalue)`,
    [table],
  );
}

/** The rows of the named partitions (counted before they are dropped: retention reports what it removed). */
export async function rowsIn(db: Db, table: MinuteTable, names: readonly string[]): Promise<number> {
  if (names.length === 0) return 0;
  const [row] = await db
    .raw(`select count(*) as n from ?? partition (${names.join(', ')})`, [table])
    .then(([rows]) => rows as Array<{ n: number }>);
  return Number(row!.n);
}

export async function dropPartitions(db: Db, table: MinuteTable, names: readonly string[]): Promise<void> {
  if (names.length > 0) await db.raw(`alter table ?? drop partition ${names.join(', ')}`, [table]);
}

/**
 * Deletes up to `limit` rows older than `before` (`YYYY-MM-DD 00:00:00`) and returns how many: a bounded
 * statement, so that readers wait at most for one batch (SQLite: one writer at a time; MariaDB: locks and purge).
 */
export async function deleteOlderBatch(db: Db, table: MinuteTable, before: string, limit: number): Promise<number> {
  const older = db(table).where('trade_time', '<', before);
  if (isSqlite(db)) return db(table).whereIn('rowid', older.clone().select('rowid').limit(limit)).delete();
  return older.limit(limit).delete();
}
