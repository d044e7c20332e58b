import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../db/connection';
import { AppError } from '../domain/errors';
import { findKeyOwner, type KeyOwner } from '../modules/accounts/apiKeys.repository';
import { hashKey, sameHash } from '../modules/accounts/keyMaterial';
import { KeyCache } from './keyCache';

export const invalidKey = () => new AppError(401, 'invalid_key', 'Unauthorized: Invalid API key');

/** The API key of a request: header `X-API-KEY` first, then query `api_key`. */
function presentedKey(req: Request): string | undefined {
  const header = req.get('x-api-key');
  if (header) return header;
  const query = req.query.api_key;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** Authenticates data routes by API key; the key's owner is left in `res.locals.keyOwner`. */
export function apiKeyAuth(db: Db, cache: KeyCache) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = presentedKey(req);
    if (key === undefined || key.length > 256) throw invalidKey();
    const keyHash = hashKey(key);
    let owner = cache.get(keyHash);
    if (owner === undefined) {
      owner = await findKeyOwner(db, keyHash);
      cache.set(keyHash, owner);
    }
    if (owner === null || !sameHash(owner.keyHash, keyHash) || isExpired(owner)) throw invalidKey();
    res.locals.keyOwner = owner;
    next();
  };
}

function isExpired(owner: KeyOwner): boolean {
  return owner.expiresAt !== null && `${owner.expiresAt.replace(' ', 'T')}Z` <= new Date().toISOString();
}
