import { randomUUID } from 'node:crypto';
import cluster from 'node:cluster';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** One process's hold on a job that must run in exactly one (or the wait for it), given up at shutdown. */
export interface Leadership {
  /** Whether this process holds the job now. */
  readonly leading: boolean;
  stop(): Promise<void>;
}

const LOCK_TTL_MS = 15_000;
const LOCK_EVERY_MS = 5_000;
/** Extends the lock only while this process holds it (compare and extend in one step). */
const EXTEND =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
/** Gives the lock up only while this process holds it (compare and delete in one step). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * Runs a job in exactly one process: with Redis, the processes race for a lock (`key`) that its holder renews
 * every 5 seconds and that lapses 15 seconds after a holder died, when another takes over; without Redis, the
 * first cluster worker holds it (several instances without Redis would each hold it: docs/operations.md).
 * `onChange` is told each time this process gains or loses it.
 */
export function leadOne(
  redis: Redis | undefined,
  key: string,
  logger: Logger,
  what: string,
  onChange: (leading: boolean) => void,
): Leadership {
  if (redis === undefined) {
    const leading = (cluster.worker?.id ?? 1) === 1;
    if (leading) onChange(true);
    return { leading, stop: async () => (leading ? onChange(false) : undefined) };
  }
  const token = randomUUID();
  let holding = false;
  const contend = async () => {
    const held = holding
      ? Number(await redis.eval(EXTEND, 1, key, token, String(LOCK_TTL_MS))) === 1
      : (await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK';
    if (held === holding) return;
    holding = held;
    logger.info({ holding }, held ? `this process ${what}` : `another process took over: it ${what}`);
    onChange(held);
  };
  const check = () =>
    void contend().catch((err: Error) => logger.warn({ err: err.message }, `lock unavailable: ${key}`));
  const timer = setInterval(check, LOCK_EVERY_MS).unref();
  check();
  return {
    get leading() {
      return holding;
    },
    async stop() {
      clearInterval(timer);
      if (holding) onChange(false);
      if (holding) await redis.eval(RELEASE, 1, key, token).catch(() => {});
      holding = false;
    },
  };
}

/**
 * Runs `work` holding the lock `key` that `leadOne` contends for, renewed while it runs and given up after;
 * resolves with `{ held: false }` without running it when another process holds the lock (a one-shot command
 * beside a service that runs the same job).
 */
export async function whileHolding<T>(
  redis: Redis,
  key: string,
  work: () => Promise<T>,
): Promise<{ held: true; value: T } | { held: false }> {
  const token = randomUUID();
  if ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') return { held: false };
  const timer = setInterval(
    () => void redis.eval(EXTEND, 1, key, token, String(LOCK_TTL_MS)).catch(() => {}),
    LOCK_EVERY_MS,
  ).unref();
  try {
    return { held: true, value: await work() };
  } finally {
    clearInterval(timer);
    await redis.eval(RELEASE, 1, key, token).catch(() => {});
  }
}
