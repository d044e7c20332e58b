import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/dates';
import { hashKey, visiblePrefix, type Scope } from './keyMaterial';

/** What the key check needs about a key and its account, in one indexed lookup. */
export interface KeyOwner {
  keyId: number;
  keyHash: string;
  accountId: number;
  planId: string;
  scopes: Scope[];
  expiresAt: string | null;
}

export async function findKeyOwner(db: Db, keyHash: string): Promise<KeyOwner | null> {
  const row = await db('api_keys as k')
    .join('accounts as a', 'a.id', 'k.account_id')
    .where('k.key_hash', keyHash)
    .first('k.id', 'k.key_hash', 'k.account_id', 'a.plan_id', 'k.scopes', 'k.expires_at');
  if (!row) return null;
  return {
    keyId: row.id,
    keyHash: row.key_hash,
    accountId: row.account_id,
    planId: row.plan_id,
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
