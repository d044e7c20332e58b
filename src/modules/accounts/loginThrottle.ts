import type { Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../domain/errors';
import { setRetryAfter } from '../../http/rateLimit';
import type { LimiterStore } from '../../http/rateLimitStore';

export interface LoginLimits {
  /** Failed attempts per email, per window; a successful sign-in clears them. */
  perEmail: number;
  /** Failed attempts per client address, per window. */
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perEmail: 10, perIp: 100, windowSeconds: 15 * 60 };

/** Throttles sign-in attempts per email and per client address (429 with Retry-After when spent). */
export class LoginThrottle {
  private readonly byEmail: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;

  constructor(store: LimiterStore, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.byEmail = store.create({ name: 'login-email', points: limits.perEmail, durationSeconds: limits.windowSeconds });
    this.byIp = store.create({ name: 'login-ip', points: limits.perIp, durationSeconds: limits.windowSeconds });
  }

  /** Counts one attempt; throws 429 when either budget is spent. */
  async admit(res: Response, ip: string, email: string): Promise<void> {
    try {
      await this.byIp.consume(ip);
      await this.byEmail.consume(email);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      setRetryAfter(res, rejection);
      throw new AppError(429, 'rate_limit_exceeded', 'Too many sign-in attempts, retry later');
    }
  }

  /** A successful sign-in clears the email's count and gives the address its attempt back. */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.byEmail.delete(email);
    await this.byIp.reward(ip, 1);
  }
}
