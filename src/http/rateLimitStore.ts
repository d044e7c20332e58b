import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimiterSpec {
  /** Distinguishes the limiter's keys in the store, e.g. `rl100` or `login-ip`. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Makes rate-limiter-flexible limiters on one store: in-process by default, Redis when several instances
 * must share one budget. A Redis outage falls back to an in-process limiter instead of failing requests.
 */
export class LimiterStore {
  constructor(
    private readonly redis?: Redis,
    private readonly keyPrefix = 'ashare',
  ) {}

  create(spec: LimiterSpec): RateLimiterAbstract {
    const options = {
      points: spec.points,
      duration: spec.durationSeconds,
      keyPrefix: `${this.keyPrefix}:${spec.name}`,
    };
    if (this.redis === undefined) return new RateLimiterMemory(options);
    return new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }
}
