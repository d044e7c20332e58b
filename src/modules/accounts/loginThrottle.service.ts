import type { Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitExceeded } from '../../domain/api/errors';
import { setRetryAfter } from '../../http/rateLimit';
import type { LimiterStore } from '../../http/rateLimitStore';

async function refuseWhenSpent(res: Response, message: string, consume: () => Promise<unknown>): Promise<void> {
  try {
    await consume();
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    setRetryAfter(res, rejection);
    throw rateLimitExceeded(message);
  }
}

export interface LoginLimits {
  /** Failed attempts per email, per window; a successful sign-in clears them. */
  perEmail: number;
  /** Failed attempts per client address, per window. */
  perIp: number;
  windowSeconds: number;
  /** Registrations per client address per hour (each costs a password hash). */
  registrationsPerIp: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perEmail: 10,
  perIp: 100,
  windowSeconds: 15 * 60,
  registrationsPerIp: 300,
};

/** Throttles sign-in attempts per email and per client address, and registrations per address (429 with Retry-After). */
export class LoginThrottle {
  private readonly byEmail: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;
  private readonly registrations: RateLimiterAbstract;

  constructor(store: LimiterStore, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.byEmail = store.create({
      name: 'login-email',
      points: limits.perEmail,
      durationSeconds: limits.windowSeconds,
    });
    this.byIp = store.create({ name: 'login-ip', points: limits.perIp, durationSeconds: limits.windowSeconds });
    this.registrations = store.create({
      name: 'register-ip',
      points: limits.registrationsPerIp,
      durationSeconds: 3600,
    });
  }

  /** Counts one sign-in attempt; throws 429 when either budget is spent. */
  async admit(res: Response, ip: string, email: string): Promise<void> {
    await refuseWhenSpent(res, 'Too many sign-in attempts, retry later', async () => {
      await this.byIp.consume(ip);
      await this.byEmail.consume(email);
    });
  }

  /** Counts one registration; throws 429 when the address's budget is spent. */
  async admitRegistration(res: Response, ip: string): Promise<void> {
    await refuseWhenSpent(res, 'Too many registrations, retry later', () => this.registrations.consume(ip));
  }

  /** A successful sign-in clears the email's count and gives the address its attempt back. */
  async succeeded(ip: string, email: string): Promise<void> {
    await this.byEmail.delete(email);
    await this.byIp.reward(ip, 1);
  }
}
