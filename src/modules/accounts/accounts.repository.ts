import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/dates';

export async function findAccountIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await db('accounts').where({ email }).first('id');
  return row ? Number(row.id) : null;
}

export async function insertAccount(db: Db, account: { email: string; name: string; planId: string }): Promise<number> {
  const [id] = await db('accounts').insert({
    email: account.email,
    name: account.name,
    plan_id: account.planId,
    created_at: toSqlDateTime(new Date()),
  });
  return Number(id);
}
