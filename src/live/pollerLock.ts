import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../db/connection';
import type { LiveBus } from '../db/liveBus';
import { leadOne } from '../db/leaderLock';
import { eventsOf, liveIds } from '../domain/market/liveEvents';
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
  const feed: QuoteFeed = liveFeed(db, options, logger, (batch) => bus.publish(eventsOf(batch, nextId)));
  const leadership = leadOne(redis, 'ashare:quote-poller', logger, 'polls the quote sources', (leading) =>
    leading ? feed.start() : feed.stop(),
  );
  if (!leadership.leading && redis === undefined) return undefined;
  return {
    get polling() {
      return leadership.leading;
    },
    stop: () => leadership.stop(),
  };
}
