import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { allOpenDays, dateSpan, sessionCounts, universeOf } from '../../db/sessionCoverage';
import { declaredUniverse } from '../../db/declaredUniverse';
import { membersOn, type ResolvedUniverse } from '../../domain/market/universe';
import { addDays } from '../../domain/time/calendar';
import { exchangeDateTime, exchangeToday } from '../../domain/time/clock';
import { datasetsOf } from '../../catalogue/coverageDatasets';
import {
  gapsOf,
  GAP_WINDOW_SESSIONS,
  sessionState,
  type CoverageDataset,
  type SessionState,
} from '../../domain/market/coverage';
import { toSqlDateTime } from '../../domain/time/dates';
import { exportQlib } from '../../export/qlib/qlibExport';
import { OpenDays } from '../../domain/time/openDays';
import { lastClosedSession, SOURCE_EXCHANGES, type UpdateSource } from '../../domain/time/syncSchedule';
import { BLACKLISTED } from '../baostock/baostockClient';
import { IngestError } from '../ingestError';
import type { SessionSource } from './sessionSource';
import { auditCounts, runAudit, type AuditCounts } from '../../audit/runAudit';

export interface UpdateOptions {
  trigger: 'schedule' | 'command';
  /** The scheduled Beijing time this run is for (`YYYY-MM-DD HH:MM`), when the schedule started it. */
  slot?: string;
  /** SYNC_MIN_COVERAGE: the share of a session's universe that makes it loaded. */
  minCoverage: number;
  /** Pauses before each further attempt of a session the source failed (backoff); their count is the retries. */
  retryDelaysMs?: readonly number[];
  now?: () => Date;
  log?(line: string): void;
  /** After each session tried, for a progress bar. */
  onSession?(done: number, total: number, day: string): void;
  /** QLIB_DIR: the qlib directory the run appends its sessions to (written again from its first). */
  qlibDir?: string;
}

export type SessionOutcome = { day: string; state: SessionState | 'failed'; path?: string; reason?: string };

export interface UpdateSummary {
  runId: number;
  status: 'ok' | 'incomplete' | 'failed';
  /** The sessions that needed work, oldest first, and what became of each. */
  sessions: SessionOutcome[];
  rows: number;
  seconds: number;
  /** The audit of the sessions loaded (none when none were): its findings, those new, the new errors among them. */
  audit: AuditCounts | null;
}

/** The calendar is refreshed this far back: more than the gap window's 60 sessions (about 85 days). */
const CALENDAR_LOOKBACK_DAYS = 120;
const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

/**
 * One incremental update from a source: its calendar and stock list, then every session of the last 60 up to
 * the last close that is not complete for some dataset the source fills (missing, partial, or failed before:
 * the backfill), oldest first, never more. A session the source fails is tried again after each pause of
 * `retryDelaysMs`, then recorded as failed with the reason (the next run tries it again). Each load is one
 * transaction and a session's state is counted from the store, never assumed: a run killed at any point and
 * run again leaves the database an uninterrupted run leaves. The run and each session's state are recorded
 * (`update_runs`, `update_sessions`).
 */
export async function runUpdate(db: Knex, source: SessionSource, options: UpdateOptions): Promise<UpdateSummary> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const log = options.log ?? (() => {});
  const [runId] = await db('update_runs').insert({
    source: source.name,
    trigger: options.trigger,
    slot: options.slot ?? null,
    started_at: toSqlDateTime(now()),
    status: 'running',
  });
  const today = exchangeToday(now());
  const retry = <T>(work: () => Promise<T>) =>
    retrying(work, options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, (err, pause) =>
      log(`${source.name}: ${(err as Error).message}; again in ${pause / 1000} s`),
    );
  let refused: string | undefined;
  await retry(() => source.refresh(db, addDays(today, -CALENDAR_LOOKBACK_DAYS), today)).catch(
    (err: Error) => (refused = err.message),
  );

  const datasets = datasetsOf(source.name);
  const window = await gapWindow(db, exchangeDateTime(now()));
  // What the store means to hold, read once a run (an index's members resolve from all its snapshots).
  const declared = await declaredUniverse(db);
  const todo = await sessionsToLoad(db, source.name, declared, datasets, window, options.minCoverage);
  const outcomes: SessionOutcome[] = [];
  let rows = 0;
  for (const [i, day] of todo.entries()) {
    if (refused !== undefined) {
      outcomes.push(await recordFailure(db, source.name, declared, datasets, day, refused));
    } else {
      try {
        const loaded = await retry(async () =>
          source.loadSession(db, day, await lackingStocks(db, declared, datasets, day), today),
        );
        rows += loaded.rows;
        outcomes.push({
          ...(await recordCounts(db, source.name, declared, datasets, day, options.minCoverage)),
          path: loaded.path,
        });
      } catch (err) {
        outcomes.push(await recordFailure(db, source.name, declared, datasets, day, (err as Error).message));
        // A source that refuses outright (a blacklisted address, bad data) is not asked for the sessions after.
        if (!isTransient(err)) refused = (err as Error).message;
      }
    }
    log(
      `${source.name} ${day}: ${outcomes.at(-1)!.state}${outcomes.at(-1)!.reason ? ` (${outcomes.at(-1)!.reason})` : ''}`,
    );
    options.onSession?.(i + 1, todo.length, day);
  }
  if (refused === undefined && window.length > 0) {
    await retry(() => source.finish(db, window[0]!, window.at(-1)!, today)).catch((err: Error) =>
      log(`${source.name}: the indices were not updated: ${err.message}`),
    );
  }

  const status =
    outcomes.some((outcome) => outcome.state === 'failed') || refused !== undefined
      ? 'failed'
      : outcomes.every((outcome) => outcome.state === 'complete')
        ? 'ok'
        : 'incomplete';
  await db('update_runs')
    .where({ id: runId })
    .update({
      finished_at: toSqlDateTime(now()),
      status,
      sessions: outcomes.length,
      rows,
      error: refused?.slice(0, 500) ?? null,
    });
  const audit =
    rows > 0
      ? auditCounts(
          await runAudit(db, { since: todo[0], until: todo.at(-1), minCoverage: options.minCoverage, now: now() }),
        )
      : null;
  if (audit !== null)
    log(`${source.name}: audit of ${todo[0]}..${todo.at(-1)}: ${audit.findings} findings, ${audit.added} new`);
  if (rows > 0 && options.qlibDir !== undefined) {
    const qlib = await exportQlib(db, { out: options.qlibDir, rewriteFrom: todo[0] });
    log(
      `${source.name}: qlib: ${qlib.appended} feature files appended, ${qlib.written} written, ${qlib.pit} PIT fields`,
    );
  }
  return {
    runId: Number(runId),
    status,
    sessions: outcomes,
    rows,
    seconds: (performance.now() - started) / 1000,
    audit,
  };
}

/** The gap window: the last 60 open sessions through the last close (none before the stored calendar). */
async function gapWindow(db: Knex, now: string): Promise<string[]> {
  const days = new OpenDays(await allOpenDays(db));
  const target = lastClosedSession(now, days);
  return target === null ? [] : days.between(days.before(target, GAP_WINDOW_SESSIONS - 1)!, target);
}

/**
 * The sessions of the window that some dataset lacks or holds partly, oldest first: from the dataset's first
 * stored session on (what lies before it is history an update does not load: `sync` does), and for a dataset
 * the store has none of, the last session alone. Sessions found complete whose record says otherwise (loaded
 * by an import, or by a run killed before it recorded them) are recorded complete.
 */
async function sessionsToLoad(
  db: Knex,
  source: UpdateSource,
  declared: ResolvedUniverse | null,
  datasets: readonly CoverageDataset[],
  window: readonly string[],
  minCoverage: number,
): Promise<string[]> {
  const todo = new Set<string>();
  if (window.length === 0) return [];
  const universe = await universeOf(db, declared, window, SOURCE_EXCHANGES[source]);
  for (const dataset of datasets) {
    const { first } = await dateSpan(db, dataset);
    const sessions = first === null ? window.slice(-1) : window.filter((day) => day >= first);
    const counts = await sessionCounts(db, dataset, sessions, universe);
    for (const gap of gapsOf(sessions, counts, dataset.completeness, minCoverage)) todo.add(gap.date);
    const recorded = new Set(
      (
        await db('update_sessions')
          .where({ dataset: dataset.name, state: 'complete' })
          .whereBetween('trade_date', [window[0]!, window.at(-1)!])
          .pluck('trade_date')
      ).map(String),
    );
    for (const day of sessions) {
      if (!todo.has(day) && !recorded.has(day))
        await recordState(db, {
          dataset: dataset.name,
          trade_date: day,
          state: 'complete',
          ...counts.get(day)!,
          source,
          reason: null,
        });
    }
  }
  return [...todo].sort();
}

/** The stocks the store means to hold on `day` (listed, not halted) that some dataset lacks a row of. */
async function lackingStocks(
  db: Knex,
  declared: ResolvedUniverse | null,
  datasets: readonly CoverageDataset[],
  day: string,
): Promise<string[]> {
  const meant = membersOn(declared, day);
  const listed: string[] = await db('securities')
    .where({ kind: 'stock' })
    .where((q) => q.whereNull('list_date').orWhere('list_date', '<=', day))
    .where((q) => q.whereNull('delist_date').orWhere('delist_date', '>', day))
    .whereNotIn('ts_code', db('trading_halts').where({ trade_date: day, suspend_type: 'S' }).select('ts_code'))
    .orderBy('ts_code')
    .pluck('ts_code');
  const held = await Promise.all(
    datasets.map(
      async (dataset) =>
        new Set<string>(
          await db(dataset.table)
            .where({ [dataset.dateColumn]: day })
            .pluck('ts_code'),
        ),
    ),
  );
  return listed.filter((code) => (meant === null || meant.has(code)) && held.some((codes) => !codes.has(code)));
}

/** Counts each dataset's session as it now stands and records its state. */
async function recordCounts(
  db: Knex,
  source: UpdateSource,
  declared: ResolvedUniverse | null,
  datasets: readonly CoverageDataset[],
  day: string,
  minCoverage: number,
): Promise<SessionOutcome> {
  let worst: SessionState = 'complete';
  const universe = await universeOf(db, declared, [day], SOURCE_EXCHANGES[source]);
  for (const dataset of datasets) {
    const count = (await sessionCounts(db, dataset, [day], universe)).get(day)!;
    const state = sessionState(count, dataset.completeness, minCoverage);
    if (state !== 'complete') worst = worst === 'missing' ? worst : state;
    await recordState(db, {
      dataset: dataset.name,
      trade_date: day,
      state: state === 'complete' ? 'complete' : 'partial',
      ...count,
      source,
      reason: null,
    });
  }
  return { day, state: worst };
}

/** Records each dataset's session as failed, with the reason, counting the failure. */
async function recordFailure(
  db: Knex,
  source: UpdateSource,
  declared: ResolvedUniverse | null,
  datasets: readonly CoverageDataset[],
  day: string,
  reason: string,
): Promise<SessionOutcome> {
  const universe = await universeOf(db, declared, [day], SOURCE_EXCHANGES[source]);
  for (const dataset of datasets) {
    const count = (await sessionCounts(db, dataset, [day], universe)).get(day)!;
    await recordState(db, {
      dataset: dataset.name,
      trade_date: day,
      state: 'failed',
      ...count,
      source,
      reason: reason.slice(0, 500),
    });
  }
  return { day, state: 'failed', reason };
}

interface SessionRecord {
  dataset: string;
  trade_date: string;
  state: 'complete' | 'partial' | 'failed';
  rows: number;
  expected: number;
  source: string;
  reason: string | null;
}

/** A dataset's session as last found, its failures counted (never reset: the failures counter reads them). */
async function recordState(db: Knex, record: SessionRecord): Promise<void> {
  const row = { ...record, updated_at: toSqlDateTime(new Date()) };
  const failed = record.state === 'failed' ? 1 : 0;
  await db('update_sessions')
    .insert({ ...row, failures: failed })
    .onConflict(['dataset', 'trade_date'])
    .merge({ ...row, failures: db.raw(`failures + ${failed}`) });
}

/** A failure another attempt may not meet: bad data, or a source that has refused this address. */
const isTransient = (err: unknown) => !(err instanceof IngestError) && (err as { code?: string }).code !== BLACKLISTED;

/** `work`, tried again after each pause while it fails with a transient error. */
async function retrying<T>(
  work: () => Promise<T>,
  pauses: readonly number[],
  onRetry: (err: unknown, pauseMs: number) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const pause = pauses[attempt];
      if (pause === undefined || !isTransient(err)) throw err;
      onRetry(err, pause);
      await sleep(pause);
    }
  }
}
