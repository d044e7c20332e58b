import type { Db } from '../../db/connection';
import { bumpDataVersion } from '../../db/dataVersions';
import { addDays } from '../../domain/time/calendar';
import { exchangeToday } from '../../domain/time/clock';
import { planPartitions } from '../../domain/time/dayPartitions';
import {
  addPartitions,
  deleteOlderBatch,
  dropPartitions,
  MINUTE_TABLES,
  partitionsOf,
  rowsIn,
  withRetentionLock,
  type MinuteTable,
} from '../../db/minutePartitions';

/** Days ahead that get a partition of their own, so that a week of loads never lands in p_future. */
const DAYS_AHEAD = 7;
/**
 * Rows a delete statement removes at most: a bounded statement bounds how long a reader waits behind
 * retention (one statement deleting the whole market's minute rows of a day took minutes; figures in
 * docs/operations.md, "retention").
 */
const DELETE_BATCH = 5000;

/**
 * Removes minute bars and ticks older than `retentionDays` (Beijing dates; minute data is kept about 1-3
 * months). On MySQL/MariaDB whole days go as partitions (and days ahead get theirs); what is left before the
 * window (rows of a coarse partition, or of SQLite) is deleted in bounded batches. Returns the rows removed
 * (0 when another process holds the retention lock).
 */
export async function pruneMinuteData(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  // Every worker and every server runs retention: one at a time (the others skip this round), or two would
  // split and drop the same partitions.
  return withRetentionLock(db, () => prune(db, retentionDays, now));
}

async function prune(db: Db, retentionDays: number, now: Date): Promise<number> {
  const today = exchangeToday(now);
  const keepFrom = addDays(today, -retentionDays);
  let removed = 0;
  for (const table of MINUTE_TABLES) {
    removed += await rollPartitions(db, table, keepFrom, addDays(today, DAYS_AHEAD));
    for (let batch = DELETE_BATCH; batch === DELETE_BATCH; removed += batch)
      batch = await deleteOlderBatch(db, table, `${keepFrom} 00:00:00`, DELETE_BATCH);
  }
  if (removed > 0) await bumpDataVersion(db, 'intraday');
  return removed;
}

/** Drops the table's partitions before `keepFrom` and adds one a day through `through`; returns the rows dropped. */
async function rollPartitions(db: Db, table: MinuteTable, keepFrom: string, through: string): Promise<number> {
  const existing = await partitionsOf(db, table);
  if (existing.length === 0) return 0;
  const plan = planPartitions(existing, keepFrom, through);
  const dropped = await rowsIn(db, table, plan.drop);
  await dropPartitions(db, table, plan.drop);
  await addPartitions(db, table, plan.add);
  return dropped;
}

/** Prunes now and then every `everyMs` in the background of the serving process; returns a stop function. */
export function schedulePruning(
  db: Db,
  retentionDays: number,
  onError: (err: unknown) => void,
  everyMs = 3600_000,
): () => void {
  const run = () => void pruneMinuteData(db, retentionDays).catch(onError);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
