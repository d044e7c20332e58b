import type { Db } from '../../db/connection';
import { sqlDateTimeToIso } from '../../domain/dates';
import type { KeyOwner } from '../../http/ports';
import { findKeyOwner } from './apiKeys.repository';
import type { KeyCache } from './keyCache.service';
import { hashKey, sameHash } from './keyMaterial.service';

const isExpired = (owner: KeyOwner) => owner.expiresAt !== null && sqlDateTimeToIso(owner.expiresAt)! <= new Date().toISOString();

/** Valid keys whose hash is remembered (then the remembered hashes are dropped and hashed again). */
const MAX_HASHES = 10_000;

/**
 * The owner of a presented API key, through the key cache; null when it is unknown, deleted or expired.
 * A key in the key cache is answered synchronously (no promise, no SHA-256 per request: the hashes of valid
 * keys are remembered; a hash never changes, so revocation still takes effect through the key cache alone).
 */
export function keyOwnerLookup(db: Db, cache: KeyCache) {
  const hashes = new Map<string, string>();
  const usable = (key: string, keyHash: string, owner: KeyOwner | null) => {
    if (owner === null || isExpired(owner)) return null;
    if (!hashes.has(key)) {
      if (hashes.size >= MAX_HASHES) hashes.clear();
      hashes.set(key, keyHash);
    }
    return owner;
  };
  return (key: string): KeyOwner | null | Promise<KeyOwner | null> => {
    const keyHash = hashes.get(key) ?? hashKey(key);
    // A cache hit is stored under this very hash: only an owner read from the database needs comparing.
    const cached = cache.get(keyHash);
    if (cached !== undefined) return usable(key, keyHash, cached);
    return findKeyOwner(db, keyHash).then((found) => {
      const owner = found !== null && sameHash(found.keyHash, keyHash) ? found : null;
      cache.set(keyHash, owner);
      return usable(key, keyHash, owner);
    });
  };
}
