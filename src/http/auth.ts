import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../db/connection';
import { AppError } from '../domain/errors';
import { findKeyOwner, type KeyOwner } from '../modules/accounts/apiKeys.repository';
import { hashKey, sameHash } from '../modules/accounts/keyMaterial';
import { scopeOfPath } from './authScopes';
import { KeyCache } from './keyCache';
import { sessionAuth } from './session';

export const invalidKey = () => new AppError(401, 'invalid_key', 'Unauthorized: Invalid API key');
const insufficientPermissions = () => new AppError(403, 'insufficient_permissions', 'Forbidden: Insufficient permissions');

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
    // A cache hit is stored under this very hash: only an owner read from the database needs comparing.
    let owner = cache.get(keyHash);
    if (owner === undefined) {
      owner = await findKeyOwner(db, keyHash);
      if (owner !== null && !sameHash(owner.keyHash, keyHash)) owner = null;
      cache.set(keyHash, owner);
    }
    if (owner === null || isExpired(owner)) throw invalidKey();
    res.locals.keyOwner = owner;
    next();
  };
}

/** After the rate limit (so a refusal still carries the budget headers): the key must hold the route's scope. */
export function requireKeyScope() {
  return (req: Request, res: Response, next: NextFunction) => {
    const owner = res.locals.keyOwner as KeyOwner | undefined;
    const scope = scopeOfPath(req.path);
    if (owner !== undefined && scope !== undefined && !owner.scopes.includes(scope)) throw insufficientPermissions();
    next();
  };
}

function isExpired(owner: KeyOwner): boolean {
  return owner.expiresAt !== null && `${owner.expiresAt.replace(' ', 'T')}Z` <= new Date().toISOString();
}

type RouteFamily = 'public' | 'account' | 'data';

const PUBLIC_ACCOUNT_ROUTES = new Set(['/api/v1/auth/register', '/api/v1/auth/login']);
const ACCOUNT_ROUTES = /^\/api\/v1\/(auth|api-keys|billing)(\/|$)/;
const DATA_ROUTES = /^\/(api\/)?v1(\/|$)/;

/** Which credential a path takes. Express matches paths case-insensitively, so this does too. */
export function routeFamily(path: string): RouteFamily {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  if (PUBLIC_ACCOUNT_ROUTES.has(lower)) return 'public';
  if (ACCOUNT_ROUTES.test(lower)) return 'account';
  if (DATA_ROUTES.test(lower)) return 'data';
  return 'public';
}

/**
 * Step one of the chain (DESIGN.md §1): account routes take the console session, every other /v1 and
 * /api/v1 route an API key; an API key on an account route is therefore refused (401).
 */
export function authenticate(db: Db, cache: KeyCache) {
  const byKey = apiKeyAuth(db, cache);
  const bySession = sessionAuth(db);
  return (req: Request, res: Response, next: NextFunction) => {
    const family = routeFamily(req.path);
    if (family === 'account') return bySession(req, res, next);
    if (family === 'data') return byKey(req, res, next);
    next();
  };
}
