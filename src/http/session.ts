import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../db/connection';
import { AppError } from '../domain/errors';
import type { AccountRow } from '../modules/accounts/accounts.repository';
import { hashKey } from '../modules/accounts/keyMaterial';
import { findSessionAccount } from '../modules/accounts/sessions.repository';

export const invalidToken = () => new AppError(401, 'invalid_token', 'Unauthorized: Invalid or expired session');

const BEARER = /^Bearer ([A-Za-z0-9_-]{10,128})$/;

/** Authenticates account routes by console session; leaves `res.locals.account` and `res.locals.sessionId`. */
export function sessionAuth(db: Db) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (token === undefined) throw invalidToken();
    const found = await findSessionAccount(db, hashKey(token));
    if (found === null) throw invalidToken();
    res.locals.account = found.account;
    res.locals.sessionId = found.sessionId;
    next();
  };
}

/** The signed-in account of an account route; refuses when no session authenticated the request. */
export function signedIn(res: Response): AccountRow {
  const account = res.locals.account as AccountRow | undefined;
  if (account === undefined) throw invalidToken();
  return account;
}
