import type { Knex } from 'knex';
import { isSqlite } from './dialect';

/**
 * How far a MariaDB/MySQL replica is behind (`SHOW SLAVE STATUS`: Seconds_Behind_Master, null while its
 * replication threads are stopped); undefined when the read pool is no replica it can ask (SQLite, a primary,
 * a proxy that does not answer the statement).
 */
export async function replicaLag(readDb: Knex): Promise<number | null | undefined> {
  if (isSqlite(readDb)) return undefined;
  try {
    const [rows] = await readDb.raw('show slave status');
    const status = (rows as Array<Record<string, unknown>>)[0];
    if (status === undefined) return undefined;
    const behind = status.Seconds_Behind_Master;
    return behind === null || behind === undefined ? null : Number(behind);
  } catch {
    return undefined;
  }
}
