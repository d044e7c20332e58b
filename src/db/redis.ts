import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The Redis client of the shared rate budget. A Redis that froze must not hold requests: a command unanswered
 * in 500 ms fails, and the rate limiter then counts on its in-process insurance limiter (documented fallback:
 * budgets per instance until Redis is back; reconnection is automatic). The client is loaded only when a
 * REDIS_URL is set (ioredis is memory a process without Redis does not need).
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 500,
    connectTimeout: 2000,
  });
  redis.on('error', (err) =>
    logger.warn({ err: err.message }, 'redis unavailable; rate limits fall back to this instance'),
  );
  return redis;
}
