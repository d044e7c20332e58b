import type { Db } from '../../db/connection';
import { sqlDateTimeToIso } from '../../domain/dates';
import type { KeyOwner } from '../../http/ports';
import { findKeyOwner } from './apiKeys.repository';
import type { KeyCache } from './keyCache.service';
import { hashKey, sameHash } from './keyMaterial.service';

const isExpired = (owner: KeyOwner) => owner.expiresAt !== null && sqlDateTimeToIso(owner.expiresAt)! <= new Date().toISOString();

/** The owner of a presented API key, through the key cache; null when it is unknown, deleted or expired. */
export function keyOwnerLookup(db: Db, cache: KeyCache) {
  return async (key: string): Promise<KeyOwner | null> => {
    const keyHash = hashKey(key);
    // A cache hit is stored under this very hash: only an owner read from the database needs comparing.
    let owner = cache.get(keyHash);
    if (owner === undefined) {
      owner = await findKeyOwner(db, keyHash);
      if (owner !== null && !sameHash(owner.keyHash, keyHash)) owner = null;
      cache.set(keyHash, owner);
    }
    return owner === null || isExpired(owner) ? null : owner;
  };
}
