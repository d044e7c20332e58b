import type { Scope } from './operations';

/** What the middleware needs to know about the owner of an API key (found in one indexed lookup). */
export interface KeyOwner {
  keyId: number;
  keyHash: string;
  accountId: number;
  planId: string;
  rateLimitPerMinute: number;
  /** The plan's delay of daily data; answers of `realtime-only` operations are cached only when it is 0. */
  dailyDelayMinutes: number;
  /** The plan's delay of minute data: answers keyed on the live feed differ by it, so it is part of their cache key. */
  minuteDelayMinutes: number;
  scopes: Scope[];
  expiresAt: string | null;
}

/** The account of a console session, as stored. */
export interface SessionAccount {
  id: number;
  email: string;
  name: string | null;
  password_hash: string | null;
  plan_id: string;
  rate_limit_per_minute: number | null;
  created_at: string;
}

/**
 * What the HTTP layer asks of the rest of the application; the composition root (src/app.ts) answers with
 * the accounts and billing modules. The layer itself imports no module.
 */
export interface AccessPorts {
  /** The owner of a presented API key; null when it is unknown, deleted or expired. Synchronous when it is at hand. */
  keyOwner(key: string): KeyOwner | null | Promise<KeyOwner | null>;
  /** The account and session id of a console session token; null when it is unknown or expired. */
  session(token: string): Promise<{ sessionId: number; account: SessionAccount } | null>;
  /** Counts one answered API-key request of an operation, named by its path template, with the file bytes it sent. */
  recordUsage(owner: KeyOwner, endpoint: string, bytes: number): void;
}
