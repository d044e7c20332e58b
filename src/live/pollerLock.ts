import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../db/connection';
import type { LiveBus } from '../db/liveBus';
import { leadOne } from '../db/leaderLock';
import { eventsOf, liveIds } from '../domain/market/liveEvents';
import { liveFeed, type LiveFeedOptions } from './liveFeed';
import type { QuoteFeed } from './quoteFeed';
import { SnapshotRecorder } from './snapshotRecorder';
import { closeDueDays } from './snapshotDays';
import type { SnapshotRetention } from '../domain/market/snapshotRecords';

export interface QuoteFeedConfig {
  QUOTE_SOURCE: 'off' | 'tencent' | 'sina' | 'replay';
  QUOTE_REPLAY_SPEED?: number;
  QUOTE_URL?: string;
  QUOTE_SYMBOLS: string;
  QUOTE_INTERVAL_MS: number;
  RECORD_SNAPSHOTS?: boolean;
  SNAPSHOT_DIR?: string;
  SNAPSHOT_RETENTION?: SnapshotRetention;
}

/** How often the recorder's process looks for a day to close and days past retention. */
const HOUSEKEEPING_MS = 60_000;

/**
 * The recorder of the polling process (RECORD_SNAPSHOTS): it records while this process leads, closes the days
 * whose session is over and applies the retention at once and every minute; stopped, it writes what it holds.
 */
function snapshotRecording(config: QuoteFeedConfig, logger: Logger, clock: () => Date) {
  if (!config.RECORD_SNAPSHOTS || config.SNAPSHOT_DIR === undefined) return undefined;
  const root = config.SNAPSHOT_DIR;
  const recorder = new SnapshotRecorder(root, logger, clock);
  let timer: NodeJS.Timeout | undefined;
  const housekeeping = () =>
    void closeDueDays(root, clock(), config.SNAPSHOT_RETENTION ?? null, logger).catch((err: Error) =>
      logger.error({ err: err.message }, 'closing recorded snapshots failed'),
    );
  return {
    recorder,
    start() {
      recorder.start();
      housekeeping();
      timer ??= setInterval(housekeeping, HOUSEKEEPING_MS).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await recorder.stop();
    },
  };
}

/** A running poller (or the wait for the lock), stopped at shutdown. */
export interface RunningFeed {
  /** Whether this process polls now. */
  readonly polling: boolean;
  stop(): Promise<void>;
}

/**
 * Runs the quote feed in exactly one process when QUOTE_SOURCE is set (`leadOne`: a Redis lock, or the first
 * cluster worker without Redis), publishing what it writes on the live bus.
 */
export async function startQuoteFeed(
  db: Db,
  config: QuoteFeedConfig,
  logger: Logger,
  redis: Redis | undefined,
  bus: LiveBus,
  clock?: () => Date,
): Promise<RunningFeed | undefined> {
  if (config.QUOTE_SOURCE === 'off') return undefined;
  const options: LiveFeedOptions = {
    source: config.QUOTE_SOURCE,
    url: config.QUOTE_URL,
    symbols: config.QUOTE_SYMBOLS,
    intervalMs: config.QUOTE_INTERVAL_MS,
    replaySpeed: config.QUOTE_REPLAY_SPEED,
    clock,
  };
  const nextId = liveIds(Date.now());
  const recording = snapshotRecording(config, logger, clock ?? (() => new Date()));
  const feed: QuoteFeed = liveFeed(
    db,
    options,
    logger,
    (batch) => bus.publish(eventsOf(batch, nextId)),
    recording?.recorder,
  );
  const leadership = leadOne(redis, 'ashare:quote-poller', logger, 'polls the quote sources', (leading) => {
    if (leading) {
      feed.start();
      recording?.start();
    } else {
      feed.stop();
      void recording?.stop();
    }
  });
  if (!leadership.leading && redis === undefined) return undefined;
  return {
    get polling() {
      return leadership.leading;
    },
    // Giving up the lead stops the feed; the recorder's last flush is awaited, so it is durable before exit.
    async stop() {
      await leadership.stop();
      await recording?.stop();
    },
  };
}
