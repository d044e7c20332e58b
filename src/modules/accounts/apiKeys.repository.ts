import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/time/dates';
import type { KeyOwner } from '../../http/ports';
import { hashKey, visiblePrefix, type Scope } from '../../domain/access/keyMaterial';
import type { ApiKeyRow } from './accounts.types';

const LISTED_COLUMNS = ['id', 'account_id', 'name', 'prefix', 'scopes', 'created_at', 'last_used_at', 'expires_at'];

/** A key and what its account adds (the plan's own rules come from the plan catalog). */
export type StoredKeyOwner = Omit<KeyOwner, 'rateLimitPerMinute' | 'dailyDelayMinutes' | 'minuteDelayMinutes'> & {
  accountLimit: number | null;
};

/** What the key check needs about a key and its account, in one indexed lookup. */
export async function findKeyOwner(db: Db, keyHash: string): Promise<StoredKeyOwner | null> {
  const row = await db('api_keys as k')
    .join('accounts as a', 'a.id', 'k.account_id')
    .where('k.key_hash', keyHash)
    .first(
      'k.id',
      'k.key_hash',
      'k.account_id',
      'a.plan_id',
      'k.scopes',
      'k.expires_at',
      'a.rate_limit_per_minute as account_limit',
    );
  if (!row) return null;
  return {
    keyId: row.id,
    keyHash: row.key_hash,
    accountId: row.account_id,
    planId: row.plan_id,
    accountLimit: row.account_limit,
    scopes: row.scopes.split(',') as Scope[],
    expiresAt: row.expires_at,
  };
}

export interface NewKey {
  accountId: number;
  name: string;
  key: string;
  scopes: readonly Scope[];
  expiresAt?: string | null;
}

export async function insertKey(db: Db, key: NewKey): Promise<number> {
  const [id] = await db('api_keys').insert({
    account_id: key.accountId,
    name: key.name,
    prefix: visiblePrefix(key.key),
    key_hash: hashKey(key.key),
    scopes: key.scopes.join(','),
    created_at: toSqlDateTime(new Date()),
    expires_at: key.expiresAt ?? null,
  });
  return Number(id);
}

/** The account's keys, newest first. */
export async function listKeys(db: Db, accountId: number): Promise<ApiKeyRow[]> {
  return db('api_keys').where({ account_id: accountId }).orderBy('id', 'desc').select(LISTED_COLUMNS);
}

/** How many keys the account holds (a lock on the account row, in a transaction, serializes two creations). */
export async function countKeysLocked(db: Db, accountId: number): Promise<number> {
  await db('accounts').where({ id: accountId }).forUpdate().first('id');
  const row = await db('api_keys').where({ account_id: accountId }).count({ total: '*' }).first();
  return Number(row?.total ?? 0);
}

/** One key of the account; another account's key is as absent as a missing one. */
export async function findKey(db: Db, accountId: number, keyId: number): Promise<ApiKeyRow | null> {
  return (await db('api_keys').where({ id: keyId, account_id: accountId }).first(LISTED_COLUMNS)) ?? null;
}

export interface KeyChanges {
  name?: string;
  scopes?: readonly Scope[];
  expiresAt?: string | null;
}

/** Applies only the changes given; true when the key belongs to the account. */
export async function updateKey(db: Db, accountId: number, keyId: number, changes: KeyChanges): Promise<boolean> {
  const update: Record<string, unknown> = {};
  if (changes.name !== undefined) update.name = changes.name;
  if (changes.scopes !== undefined) update.scopes = changes.scopes.join(',');
  if (changes.expiresAt !== undefined) update.expires_at = changes.expiresAt;
  return (await db('api_keys').where({ id: keyId, account_id: accountId }).update(update)) > 0;
}

export async function deleteKey(db: Db, accountId: number, keyId: number): Promise<boolean> {
  return (await db('api_keys').where({ id: keyId, account_id: accountId }).delete()) > 0;
}
