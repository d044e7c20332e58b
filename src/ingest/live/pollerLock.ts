import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../../db/connection';
import type { LiveBus } from '../../db/liveBus';
import { eventsOf, liveIds } from '../../domain/liveEvents';
import { liveFeed, type LiveFeedOptions } from './liveFeed';
import type { QuoteFeed } from './quoteFeed';

export interface QuoteFeedConfig {
  QUOTE_SOURCE: 'off' | 'tencent' | 'sina' | 'replay';
  QUOTE_REPLAY_SPEED?: number;
  QUOTE_URL?: string;
  QUOTE_SYMBOLS: string;
  QUOTE_INTERVAL_MS: number;
}

/** A running poller (or the wait for the lock), stopped at shutdown. */
export interface RunningFeed {
  /** Whether this process polls now. */
  readonly polling: boolean;
  stop(): Promise<void>;
}

const LOCK_KEY = 'ashare:quote-poller';
const LOCK_TTL_MS = 15_000;
const LOCK_EVERY_MS = 5_000;
/** Extends the lock only while this process holds it (compare and extend in one step). */
const EXTEND = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
/** Gives the lock up only while this process holds it (compare and delete in one step). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs the quote feed in exactly one process when QUOTE_SOURCE is set, publishing what it writes on the live
 * bus. With Redis, the processes race for a lock that its holder renews every 5 seconds and that lapses 15
 * seconds after a holder died, when another takes over; without Redis, the first cluster worker polls (several
 * instances without Redis would each poll: docs/operations.md).
 */
export async function startQuoteFeed(db: Db, config: QuoteFeedConfig, logger: Logger, redis: Redis | undefined, bus: LiveBus, clock?: () => Date): Promise<RunningFeed | undefined> {
  if (config.QUOTE_SOURCE === 'off') return undefined;
  const options: LiveFeedOptions = {
    source: config.QUOTE_SOURCE, url: config.QUOTE_URL, symbols: config.QUOTE_SYMBOLS, intervalMs: config.QUOTE_INTERVAL_MS, replaySpeed: config.QUOTE_REPLAY_SPEED, clock,
  };
  const nextId = liveIds(Date.now());
  const feed: QuoteFeed = liveFeed(db, options, logger, (batch) => bus.publish(eventsOf(batch, nextId)));
  if (redis === undefined) {
    if ((cluster.worker?.id ?? 1) !== 1) return undefined;
    feed.start();
    return { polling: true, stop: async () => feed.stop() };
  }
  const token = randomUUID();
  let holding = false;
  const contend = async () => {
    const held = holding
      ? Number(await redis.eval(EXTEND, 1, LOCK_KEY, token, String(LOCK_TTL_MS))) === 1
      : (await redis.set(LOCK_KEY, token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK';
    if (held === holding) return;
    holding = held;
    logger.info({ holding }, held ? 'this process polls the quote sources' : 'another process took over polling the quote sources');
    if (held) feed.start();
    else feed.stop();
  };
  const check = () => void contend().catch((err: Error) => logger.warn({ err: err.message }, 'quote poller lock unavailable'));
  const timer = setInterval(check, LOCK_EVERY_MS).unref();
  check();
  return {
    get polling() {
      return holding;
    },
    async stop() {
      clearInterval(timer);
      feed.stop();
      if (holding) await redis.eval(RELEASE, 1, LOCK_KEY, token).catch(() => {});
    },
  };
}
