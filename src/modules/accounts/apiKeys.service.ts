import type { Db } from '../../db/connection';
import { sqlDateTimeToIso } from '../../domain/dates';
import type { KeyOwner } from '../../http/ports';
import { findKeyOwner } from './apiKeys.repository';
import type { KeyCache } from './keyCache.service';
import { hashKey, sameHash } from './keyMaterial.service';

const isExpired = (owner: KeyOwner) => owner.expiresAt !== null && sqlDateTimeToIso(owner.expiresAt)! <= new Date().toISOString();

/**
 * The owner of a presented API key, through the key cache; null when it is unknown, deleted or expired.
 * A key in the key cache is answered synchronously (no promise). Every request hashes the key it presents
 * (SHA-256, about 1 µs): a map from plaintext keys to their hashes would save that but keep valid keys in
 * memory, which the service never does.
 */
export function keyOwnerLookup(db: Db, cache: KeyCache) {
  const usable = (owner: KeyOwner | null) => (owner === null || isExpired(owner) ? null : owner);
  return (key: string): KeyOwner | null | Promise<KeyOwner | null> => {
    const keyHash = hashKey(key);
    // A cache hit is stored under this very hash: only an owner read from the database needs comparing.
    const cached = cache.get(keyHash);
    if (cached !== undefined) return usable(cached);
    return findKeyOwner(db, keyHash).then((found) => {
      const owner = found !== null && sameHash(found.keyHash, keyHash) ? found : null;
      cache.set(keyHash, owner);
      return usable(owner);
    });
  };
}
