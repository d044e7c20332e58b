import cluster from 'node:cluster';
import type { Logger } from 'pino';
import type { LiveEvent } from '../domain/market/liveEvents';

/**
 * How the live stream's events reach every process that serves streams: the process that polls publishes,
 * each process receives (itself included). Through Redis pub/sub when REDIS_URL is set (several instances),
 * through the cluster primary under `start:cluster` without Redis, in process otherwise.
 */
export interface LiveBus {
  publish(events: readonly LiveEvent[]): void;
  close(): Promise<void>;
}

/** The Redis channel the live events travel on between processes. */
export const LIVE_CHANNEL = 'ashare:live';
/** The IPC message of the cluster relay: a worker sends it up, the primary sends it to every worker. */
export const LIVE_MESSAGE = 'ashare:live';

/** The bus of a single process: what is published is received at once. */
function localBus(receive: (events: readonly LiveEvent[]) => void): LiveBus {
  return { publish: receive, close: async () => {} };
}

/** Workers of one cluster without Redis: up to the primary (src/cluster.ts relays it), down to every worker. */
function clusterBus(receive: (events: readonly LiveEvent[]) => void): LiveBus {
  const onMessage = (message: unknown) => {
    const relayed = message as { type?: string; events?: LiveEvent[] };
    if (relayed?.type === LIVE_MESSAGE && relayed.events) receive(relayed.events);
  };
  process.on('message', onMessage);
  return {
    publish: (events) => void process.send?.({ type: LIVE_MESSAGE, events }),
    close: async () => void process.off('message', onMessage),
  };
}

/**
 * Instances sharing a Redis: one connection publishes, another subscribes (a subscribed Redis connection
 * runs no other command). A Redis that is down loses the events published meanwhile (a reconnecting client
 * resumes from its Last-Event-ID where its own process kept them, else reads the quotes route).
 */
export async function redisBus(
  url: string,
  logger: Logger,
  receive: (events: readonly LiveEvent[]) => void,
): Promise<LiveBus> {
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const subscriber = new Redis(url, { connectTimeout: 2000 });
  for (const connection of [publisher, subscriber])
    connection.on('error', (err) => logger.warn({ err: err.message }, 'redis unavailable; live events wait'));
  subscriber.on('message', (channel, text) => {
    if (channel === LIVE_CHANNEL) receive(JSON.parse(text) as LiveEvent[]);
  });
  await subscriber.subscribe(LIVE_CHANNEL);
  return {
    publish: (events) =>
      void publisher
        .publish(LIVE_CHANNEL, JSON.stringify(events))
        .catch((err: Error) => logger.warn({ err: err.message }, 'live events not published')),
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** The bus this process uses: Redis when there is one, the cluster relay in a worker, else in process. */
export async function liveBusFor(
  redisUrl: string | undefined,
  logger: Logger,
  receive: (events: readonly LiveEvent[]) => void,
): Promise<LiveBus> {
  if (redisUrl !== undefined) return redisBus(redisUrl, logger, receive);
  return cluster.isWorker ? clusterBus(receive) : localBus(receive);
}
