import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { leadOne, type Leadership } from '../../db/leaderLock';
import { allOpenDays } from '../../db/sessionCoverage';
import { exchangeDateTime } from '../../domain/time/clock';
import { OpenDays } from '../../domain/time/openDays';
import { latestSlot, type ScheduleEntry } from '../../domain/time/syncSchedule';
import { runUpdate } from './runUpdate';
import { openSource, type SourceSettings } from './updateSources';

export interface ScheduleSettings extends SourceSettings {
  SYNC_SCHEDULE: ScheduleEntry[];
  SYNC_MIN_COVERAGE: number;
  SYNC_RETRY_DELAYS_MS: number[];
  QLIB_DIR?: string;
}

/** The lock the runner holds, across processes and instances. */
export const UPDATE_LOCK_KEY = 'ashare:update-runner';
/** How often the runner looks for a slot that fell due. */
const TICK_MS = 15_000;

/**
 * Runs SYNC_SCHEDULE inside the service, in exactly one process (`leadOne`, the live poller's lock): every 15
 * seconds, and at once when it takes the lock, each entry whose latest slot (its time on the latest trading day
 * of the stored calendar that has reached it) has no finished run gets one, so a run missed while the service
 * was down, or cut off when its process died, happens at start or when another process takes over. One run at
 * a time, never overlapping itself. `afterRun` follows each run that finished (the coverage's counts).
 */
export function startUpdateSchedule(
  db: Knex,
  settings: ScheduleSettings,
  logger: Logger,
  redis: Redis | undefined,
  afterRun: () => Promise<void> = async () => {},
): Leadership | undefined {
  if (settings.SYNC_SCHEDULE.length === 0) return undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running ??= dueRuns(db, settings, logger, afterRun)
      .catch((err: Error) => logger.error({ err: err.message }, 'the scheduled update failed'))
      .finally(() => (running = undefined));
  };
  return leadOne(redis, UPDATE_LOCK_KEY, logger, 'runs the scheduled updates', (leading) => {
    clearInterval(timer);
    if (!leading) return;
    timer = setInterval(tick, TICK_MS).unref();
    tick();
  });
}

/** Runs each entry whose latest slot has no finished run, one after the other. */
async function dueRuns(
  db: Knex,
  settings: ScheduleSettings,
  logger: Logger,
  afterRun: () => Promise<void>,
): Promise<void> {
  const days = new OpenDays(await allOpenDays(db));
  for (const entry of settings.SYNC_SCHEDULE) {
    const slot = latestSlot(entry.at, exchangeDateTime(new Date()), days);
    if (slot === null) continue;
    const done = await db('update_runs').where({ source: entry.source, slot }).whereNotNull('finished_at').first('id');
    if (done !== undefined) continue;
    // Runs of this source left `running` by a process that died: this one holds the lock now.
    await db('update_runs').where({ source: entry.source, status: 'running' }).update({ status: 'interrupted' });
    logger.info({ source: entry.source, slot }, 'scheduled update starting');
    const { source, close } = openSource(entry.source, settings);
    try {
      const summary = await runUpdate(db, source, {
        trigger: 'schedule',
        slot,
        minCoverage: settings.SYNC_MIN_COVERAGE,
        retryDelaysMs: settings.SYNC_RETRY_DELAYS_MS,
        qlibDir: settings.QLIB_DIR,
        log: (line) => logger.info({ source: entry.source }, line),
      });
      logger.info(
        {
          source: entry.source,
          slot,
          status: summary.status,
          sessions: summary.sessions.length,
          rows: summary.rows,
          seconds: Number(summary.seconds.toFixed(1)),
        },
        'scheduled update finished',
      );
    } finally {
      await close();
    }
    await afterRun().catch((err: Error) =>
      logger.error({ err: err.message }, 'counting the store after the update failed'),
    );
  }
}
