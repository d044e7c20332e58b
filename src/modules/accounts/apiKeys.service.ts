import type { Db } from '../../db/connection';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import type { KeyOwner } from '../../http/ports';
import { keyLimitReached } from '../../domain/api/errors';
import { effectiveRateLimit } from '../../domain/access/rateLimits';
import type { PlanCatalog } from '../subscriptions/planCatalog.service';
import { countKeysLocked, findKeyOwner, insertKey, type NewKey, type StoredKeyOwner } from './apiKeys.repository';
import type { KeyCache } from './keyCache.service';
import { hashKey, sameHash } from '../../domain/access/keyMaterial';

/** Keys one account may hold: enough for every server and notebook, and a bound on what a session can create. */
export const MAX_KEYS_PER_ACCOUNT = 50;

/** Creates a key unless the account holds MAX_KEYS_PER_ACCOUNT already (409 key_limit_reached); its id. */
export async function createKeyWithinCap(db: Db, key: NewKey): Promise<number> {
  return db.transaction(async (trx) => {
    if ((await countKeysLocked(trx, key.accountId)) >= MAX_KEYS_PER_ACCOUNT) {
      throw keyLimitReached(`The account holds ${MAX_KEYS_PER_ACCOUNT} API keys, the most it may; delete one first`);
    }
    return insertKey(trx, key);
  });
}

const isExpired = (owner: KeyOwner) =>
  owner.expiresAt !== null && sqlDateTimeToIso(owner.expiresAt)! <= new Date().toISOString();

/**
 * The owner of a presented API key, through the key cache; null when it is unknown, deleted or expired.
 * A key in the key cache is answered synchronously (no promise). Every request hashes the key it presents
 * (SHA-256, cheap): a map from plaintext keys to their hashes would save that but keep valid keys in
 * memory, which the service never does.
 */
export function keyOwnerLookup(db: Db, cache: KeyCache, plans: PlanCatalog) {
  const usable = (owner: KeyOwner | null) => (owner === null || isExpired(owner) ? null : owner);
  /** The stored key with its plan's rules (rate limit, delays) from the one source, the plan catalog. */
  const withPlan = async (found: StoredKeyOwner): Promise<KeyOwner | null> => {
    const plan = await plans.plan(found.planId);
    if (plan === null) return null;
    const { accountLimit, ...owner } = found;
    return {
      ...owner,
      rateLimitPerMinute: effectiveRateLimit(plan.rate_limit_per_minute, accountLimit),
      dailyDelayMinutes: Number(plan.daily_delay_minutes),
      minuteDelayMinutes: Number(plan.minute_delay_minutes),
    };
  };
  return (key: string): KeyOwner | null | Promise<KeyOwner | null> => {
    const keyHash = hashKey(key);
    // A cache hit is stored under this very hash: only an owner read from the database needs comparing.
    const cached = cache.get(keyHash);
    if (cached !== undefined) return usable(cached);
    return findKeyOwner(db, keyHash).then(async (found) => {
      const owner = found !== null && sameHash(found.keyHash, keyHash) ? await withPlan(found) : null;
      cache.set(keyHash, owner);
      return usable(owner);
    });
  };
}
