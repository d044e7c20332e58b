import type { Db } from '../../db/connection';
import { addedOnConflict } from '../../db/sql';
import { toSqlDateTime } from '../../domain/time/dates';

export interface UsageCount {
  accountId: number;
  keyId: number;
  endpoint: string;
  day: string;
  count: number;
  /** The flat files' bytes sent. */
  bytes: number;
}

const CHUNK = 500;

/** Adds a batch of counts to usage_daily and stamps the keys' last use, in one transaction. */
export async function writeUsageBatch(
  db: Db,
  counts: UsageCount[],
  lastUsed: ReadonlyMap<number, Date>,
): Promise<void> {
  await db.transaction(async (trx) => {
    const increment = addedOnConflict(trx, 'usage_daily', 'count');
    for (let start = 0; start < counts.length; start += CHUNK) {
      const rows = counts.slice(start, start + CHUNK).map((c) => ({
        account_id: c.accountId,
        api_key_id: c.keyId,
        endpoint: c.endpoint,
        day: c.day,
        count: c.count,
        bytes: c.bytes,
      }));
      await trx('usage_daily')
        .insert(rows)
        .onConflict(['api_key_id', 'endpoint', 'day'])
        .merge({ count: increment, bytes: addedOnConflict(trx, 'usage_daily', 'bytes') });
    }
    await touchKeys(trx, lastUsed);
  });
}

/** Records when keys were last used, from the usage recorder's batch (one update per key). */
async function touchKeys(db: Db, lastUsed: ReadonlyMap<number, Date>): Promise<void> {
  for (const [keyId, at] of lastUsed)
    await db('api_keys')
      .where({ id: keyId })
      .update({ last_used_at: toSqlDateTime(at) });
}

/** Whether the key belongs to the account (another account's key is as absent as a missing one). */
export async function accountHasKey(db: Db, accountId: number, keyId: number): Promise<boolean> {
  return (await db('api_keys').where({ id: keyId, account_id: accountId }).first('id')) !== undefined;
}

export interface UsageFilter {
  accountId: number;
  begin: string;
  end: string;
  keyId?: number;
}

function scoped(db: Db, filter: UsageFilter) {
  const query = db('usage_daily as u')
    .where('u.account_id', filter.accountId)
    .whereBetween('u.day', [filter.begin, filter.end]);
  return filter.keyId === undefined ? query : query.where('u.api_key_id', filter.keyId);
}

export async function usagePerDay(db: Db, filter: UsageFilter): Promise<Array<{ day: string; count: number }>> {
  const rows: Array<{ day: string; count: string | number }> = await scoped(db, filter)
    .groupBy('u.day')
    .select('u.day')
    .sum({ count: 'u.count' });
  return rows.map((row) => ({ day: String(row.day), count: Number(row.count) }));
}

export async function usagePerEndpoint(
  db: Db,
  filter: UsageFilter,
): Promise<Array<{ endpoint: string; count: number; bytes: number }>> {
  const rows: Array<{ endpoint: string; count: string | number; bytes: string | number }> = await scoped(db, filter)
    .groupBy('u.endpoint')
    .select('u.endpoint', db.raw('sum(u.count) as count'), db.raw('sum(u.bytes) as bytes'))
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'u.endpoint' }]);
  return rows.map((row) => ({ endpoint: row.endpoint, count: Number(row.count), bytes: Number(row.bytes) }));
}

interface KeyUsageRow {
  api_key_id: number;
  name: string | null;
  prefix: string | null;
  count: string | number;
}

export async function usagePerKey(db: Db, filter: UsageFilter) {
  const rows: KeyUsageRow[] = await scoped(db, filter)
    .leftJoin('api_keys as k', 'k.id', 'u.api_key_id')
    .groupBy('u.api_key_id', 'k.name', 'k.prefix')
    .select('u.api_key_id', 'k.name', 'k.prefix', db.raw('sum(u.count) as count'))
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'u.api_key_id' }]);
  return rows.map((row) => ({
    key_id: Number(row.api_key_id),
    name: row.name ?? null,
    prefix: row.prefix ?? null,
    count: Number(row.count),
  }));
}
