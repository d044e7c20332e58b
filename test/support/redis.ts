import { Redis } from 'ioredis';
import { skipVisibly } from './skip';

/** The Redis the shared-store tests use (TEST_REDIS_URL, default the local server). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers PING within a second (no retries: an absent server is an answer, not a wait). */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** For a `before` hook or a test: skips it with one line when Redis is down; with REQUIRE_REDIS=1 (.ci/run) that fails. */
export async function redisOrSkip(context: Mocha.Context, what: string): Promise<string> {
  if (await redisAnswers()) return TEST_REDIS_URL;
  return skipVisibly(
    context,
    what,
    `no Redis answers at ${TEST_REDIS_URL}; start one (redis-server) or set TEST_REDIS_URL`,
    'REQUIRE_REDIS',
  );
}
