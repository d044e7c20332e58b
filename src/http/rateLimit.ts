import type { NextFunction, Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitExceeded, type AppError } from '../domain/api/errors';
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

/** Budgets per minute besides the plans' API-key budgets (docs/operations.md, "Request budgets"). */
export interface RequestBudgets {
  /** Console-session requests of one signed-in account (keys, billing, profile). */
  consolePerAccount: number;
  /** Registration and sign-in requests from one address. */
  openPerAddress: number;
  /** Requests from one address whose API key or session was refused (a guessing client meets 429). */
  refusedPerAddress: number;
}

export const DEFAULT_REQUEST_BUDGETS: RequestBudgets = {
  consolePerAccount: 120,
  openPerAddress: 30,
  refusedPerAddress: 60,
};

/**
 * Every contract request counts against one one-minute budget, chosen by what `authenticate` found: an API
 * key → its account's plan budget (shared by all its keys; one limiter per distinct size); a console session →
 * the account's console budget; an open route (register, login) → the address's; a refused credential → the
 * address's refusal budget, after which the 401 is thrown. Every answer carries the X-Rate-Limit-* headers of
 * its budget; a spent one answers 429 with Retry-After. All limiters live in one store (Redis when set), so
 * instances share them.
 */
export function requestBudget(store: LimiterStore, budgets: RequestBudgets = DEFAULT_REQUEST_BUDGETS) {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (name: string, points: number) => {
    const id = `${name}${points}`;
    let limiter = limiters.get(id);
    if (limiter === undefined) {
      limiter = store.create({ name: id, points, durationSeconds: 60 });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  // Not async: the limiter's promise is the request's only one on the warm path (no second one around it).
  const consume = (
    res: Response,
    next: NextFunction,
    name: string,
    limit: number,
    key: string,
    then?: AppError,
  ): Promise<void> =>
    limiterOf(name, limit)
      .consume(key)
      .then(
        (state: RateLimiterRes) => {
          setLimitHeaders(res, limit, state);
          if (then !== undefined) throw then;
          next();
        },
        (rejection: unknown) => {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          setLimitHeaders(res, limit, rejection);
          setRetryAfter(res, rejection);
          throw rateLimitExceeded(`Rate limit exceeded: ${limit} requests per minute`);
        },
      );
  return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
    const { keyOwner, account, refusal, contractPath } = res.locals;
    if (keyOwner !== undefined)
      return consume(res, next, 'rl', keyOwner.rateLimitPerMinute, String(keyOwner.accountId));
    if (account !== undefined) return consume(res, next, 'console', budgets.consolePerAccount, String(account.id));
    const address = req.ip ?? 'unknown';
    if (refusal !== undefined) return consume(res, next, 'refused', budgets.refusedPerAddress, address, refusal);
    if (contractPath !== undefined) return consume(res, next, 'open', budgets.openPerAddress, address);
    next();
  };
}
