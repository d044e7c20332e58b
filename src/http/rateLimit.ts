import type { NextFunction, Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitExceeded } from '../domain/errors';
import type { LimiterStore } from './rateLimitStore';

/** Sets `Retry-After` (whole seconds, at least 1) for a rejection of rate-limiter-flexible. */
export function setRetryAfter(res: Response, rejection: RateLimiterRes): void {
  res.set('Retry-After', String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))));
}

function setLimitHeaders(res: Response, limit: number, state: RateLimiterRes): void {
  // setHeader, not Express's res.set: no object, no per-header checks, on every API-key answer.
  res.setHeader('X-Rate-Limit-Limit', limit);
  res.setHeader('X-Rate-Limit-Remaining', Math.max(0, state.remainingPoints));
  res.setHeader('X-Rate-Limit-Reset', Math.ceil((Date.now() + state.msBeforeNext) / 1000));
}

/**
 * The per-account budget of API-key requests: a one-minute window shared by all the account's keys, sized by
 * the plan (one limiter per distinct size). Every answer carries the X-Rate-Limit-* headers.
 */
export function accountRateLimit(store: LimiterStore) {
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiterOf = (points: number) => {
    let limiter = limiters.get(points);
    if (limiter === undefined) {
      limiter = store.create({ name: `rl${points}`, points, durationSeconds: 60 });
      limiters.set(points, limiter);
    }
    return limiter;
  };
  // Not async: the limiter's promise is the request's only one on the warm path (no second one around it).
  return (_req: Request, res: Response, next: NextFunction): void | Promise<void> => {
    const owner = res.locals.keyOwner;
    if (owner === undefined) return next();
    const limit = owner.rateLimitPerMinute;
    return limiterOf(limit).consume(String(owner.accountId)).then(
      (state: RateLimiterRes) => {
        setLimitHeaders(res, limit, state);
        next();
      },
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        setLimitHeaders(res, limit, rejection);
        setRetryAfter(res, rejection);
        throw rateLimitExceeded(`Rate limit exceeded: ${limit} requests per minute`);
      },
    );
  };
}
