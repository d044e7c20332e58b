import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/time/dates';
import type { AccountRow } from './accounts.types';

export async function findAccountIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db('accounts').where({ email }).first('id');
  return row ? Number(row.id) : null;
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  return (await db('accounts').where({ email }).first()) ?? null;
}

export async function findAccount(db: Db, id: number): Promise<AccountRow | null> {
  return (await db('accounts').where({ id }).first()) ?? null;
}

export async function insertAccount(
  db: Db,
  account: { email: string; name: string | null; planId: string; passwordHash?: string },
): Promise<number> {
  const [id] = await db('accounts').insert({
    email: account.email,
    name: account.name,
    password_hash: account.passwordHash ?? null,
    plan_id: account.planId,
    created_at: toSqlDateTime(new Date()),
  });
  return Number(id);
}
