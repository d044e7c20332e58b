import type { NextFunction, Request, Response } from 'express';
import { insufficientPermissions, invalidKey, invalidToken } from '../domain/api/errors';
import type { AccessPorts, KeyOwner, SessionAccount } from './ports';
import { urlQuery } from './urlQuery';

/** The API key of a request: header `X-API-KEY` first, then query `api_key`. */
export function presentedKey(req: Request, res: Response): string | undefined {
  return bounded(req.get('x-api-key') || queryKey(req, res));
}

/** A presented key longer than any key we issue is refused without a lookup (and without hashing megabytes). */
const bounded = (key: string | undefined): string | undefined =>
  key !== undefined && key.length <= 256 ? key : undefined;

/** `api_key` of the URL's query. */
function queryKey(req: Request, res: Response): string | undefined {
  const query = urlQuery(req, res).api_key;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

/** The body's `token`, as Tushare's SDK sends the key (the Tushare-compatible operations only). */
function bodyToken(req: Request): string | undefined {
  const token = (req.body as { token?: unknown } | undefined)?.token;
  return bounded(typeof token === 'string' && token !== '' ? token : undefined);
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{10,128})$/;

/**
 * The credential the request's contract path asks for (named by nameOperation, ARCHITECTURE.md §1): an API
 * key, or the console session (so an API key on an account route is refused, 401). Paths outside the contract
 * need nothing and end in 404.
 */
export function authenticate(ports: Pick<AccessPorts, 'keyOwner' | 'session'>) {
  // A refused credential is not thrown here: the budget step counts it against the address first (rateLimit.ts).
  const acceptKeyOwner = (res: Response, owner: KeyOwner | null, next: NextFunction) => {
    if (owner === null) res.locals.refusal = invalidKey();
    else res.locals.keyOwner = owner;
    next();
  };
  const acceptSession = async (req: Request, res: Response, next: NextFunction) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    const found = token === undefined ? null : await ports.session(token);
    if (found === null) res.locals.refusal = invalidToken();
    else {
      res.locals.account = found.account;
      res.locals.sessionId = found.sessionId;
    }
    next();
  };
  // Not async: a key in the key cache is accepted without a promise (the warm path's most frequent case).
  return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
    const credential = res.locals.contractPath?.credential;
    if (credential === 'apiKey') {
      const key = presentedKey(req, res) ?? (res.locals.operation?.tushare ? bodyToken(req) : undefined);
      const owner = key === undefined ? null : ports.keyOwner(key);
      if (owner instanceof Promise) return owner.then((found) => acceptKeyOwner(res, found, next));
      return acceptKeyOwner(res, owner, next);
    }
    if (credential === 'session') return acceptSession(req, res, next);
    next();
  };
}

/**
 * After the rate limit (so a refusal still carries the budget headers): the key must hold the operation's
 * `x-scope`. A request that passes is admitted, and counts as usage once answered (usage.ts).
 */
export function requireKeyScope() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const { keyOwner, operation } = res.locals;
    if (keyOwner !== undefined && operation !== undefined) {
      if (operation.scope && !keyOwner.scopes.includes(operation.scope)) throw insufficientPermissions();
      res.locals.admitted = true;
    }
    next();
  };
}

/** The signed-in account of a console-session operation. */
export function signedIn(res: Response): SessionAccount {
  if (res.locals.account === undefined) throw invalidToken();
  return res.locals.account;
}
