import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/time/dates';
import type { CoverageDataset } from '../../domain/market/coverage';
import type { UpdateRunRecordRow, UpdateRunRow } from './freshness.types';

/** The latest run of each source that finished with every session loaded. */
export async function lastSuccessfulRuns(db: Db): Promise<Map<string, UpdateRunRow>> {
  const rows: UpdateRunRow[] = await db('update_runs as r')
    .where('r.status', 'ok')
    .where(
      'r.finished_at',
      db('update_runs as l').where('l.source', db.ref('r.source')).where('l.status', 'ok').max('l.finished_at'),
    )
    .select('r.source', 'r.finished_at', 'r.rows', 'r.status');
  return new Map(rows.map((row) => [row.source, { ...row, rows: Number(row.rows) }]));
}

/** The last runs of the update, newest first. */
export async function recentRuns(db: Db, limit: number): Promise<UpdateRunRecordRow[]> {
  return db('update_runs')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('source', 'trigger', 'slot', 'started_at', 'finished_at', 'status', 'sessions', 'rows', 'error');
}

/** The sessions of a range whose last update failed, by dataset. */
export async function failedSessions(db: Db, first: string, last: string): Promise<Map<string, string[]>> {
  const rows: Array<{ dataset: string; trade_date: string }> = await db('update_sessions')
    .where({ state: 'failed' })
    .whereBetween('trade_date', [first, last])
    .orderBy('trade_date')
    .select('dataset', 'trade_date');
  const byDataset = new Map<string, string[]>();
  for (const row of rows) byDataset.set(row.dataset, [...(byDataset.get(row.dataset) ?? []), String(row.trade_date)]);
  return byDataset;
}

/** How many sessions' last update failed, ever counted (the failures counter). */
export async function failureCount(db: Db): Promise<number> {
  const [row] = await db('update_sessions').sum({ failures: 'failures' });
  return Number(row?.failures ?? 0);
}

/** The days of a range one security has rows of a dataset. */
export async function securityDays(
  db: Db,
  dataset: CoverageDataset,
  tsCode: string,
  first: string,
  last: string,
): Promise<Set<string>> {
  return new Set(
    (
      await db(dataset.table)
        .where({ ts_code: tsCode })
        .whereBetween(dataset.dateColumn, [first, last])
        .pluck(dataset.dateColumn)
    ).map((day) => String(day).slice(0, 10)),
  );
}

/** The days of a range one security was halted all day. */
export async function securityHalts(db: Db, tsCode: string, first: string, last: string): Promise<Set<string>> {
  return new Set(
    (
      await db('trading_halts')
        .where({ ts_code: tsCode, suspend_type: 'S' })
        .whereBetween('trade_date', [first, last])
        .pluck('trade_date')
    ).map(String),
  );
}

/** Counts kept under `key` (data versions, window, exchanges), as JSON, or null. */
export async function keptCoverageCounts(db: Db, key: string): Promise<string | null> {
  const row = await db('coverage_counts').where({ count_key: key }).first('stats');
  return row ? String(row.stats) : null;
}

/** Keeps counts under `key` and drops those of other keys: only the current data versions' are ever read again. */
export async function keepCoverageCounts(db: Db, key: string, stats: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('coverage_counts').whereNot({ count_key: key }).delete();
    await trx('coverage_counts')
      .insert({ count_key: key, stats, counted_at: toSqlDateTime(new Date()) })
      .onConflict('count_key')
      .merge();
  });
}
