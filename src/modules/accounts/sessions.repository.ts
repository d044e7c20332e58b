import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/time/dates';
import type { AccountRow } from './accounts.types';
import { hashKey } from '../../domain/access/keyMaterial';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** A new opaque session token: `st_` + 32 random bytes; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return 'st_' + randomBytes(32).toString('base64url');
}

export async function insertSession(db: Db, accountId: number, token: string, expiresAt: Date): Promise<void> {
  await db('sessions').insert({
    account_id: accountId,
    token_hash: hashKey(token),
    created_at: toSqlDateTime(new Date()),
    expires_at: toSqlDateTime(expiresAt),
  });
}

/** The account of a live (unexpired) session, with the session's id; null otherwise. */
export async function findSessionAccount(
  db: Db,
  tokenHash: string,
): Promise<{ sessionId: number; account: AccountRow } | null> {
  const row = await db('sessions as s')
    .join('accounts as a', 'a.id', 's.account_id')
    .where('s.token_hash', tokenHash)
    .where('s.expires_at', '>', toSqlDateTime(new Date()))
    .first('s.id as session_id', 'a.*');
  if (!row) return null;
  const { session_id: sessionId, ...account } = row;
  return { sessionId: Number(sessionId), account };
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db('sessions').where({ id: sessionId }).delete();
}

/** Live sessions one account may hold: signing in past it ends the oldest (a bound on what logins can create). */
export const MAX_SESSIONS_PER_ACCOUNT = 20;

/** Ends the account's oldest sessions beyond MAX_SESSIONS_PER_ACCOUNT (after a sign-in added one). */
export async function endOldestSessions(db: Db, accountId: number): Promise<void> {
  const kept = await db('sessions')
    .where({ account_id: accountId })
    .orderBy('id', 'desc')
    .limit(MAX_SESSIONS_PER_ACCOUNT)
    .pluck('id');
  await db('sessions').where({ account_id: accountId }).whereNotIn('id', kept).delete();
}

/** Expired sessions are dropped when someone signs in, so the table does not grow without bound. */
export async function deleteExpiredSessions(db: Db, accountId: number): Promise<void> {
  await db('sessions').where({ account_id: accountId }).where('expires_at', '<=', toSqlDateTime(new Date())).delete();
}
