import type { Db } from './connection';
import { toSqlDateTime } from '../domain/dates';

/** Data sets whose version response caches key on; an import or sync that changes one bumps it. */
export type Dataset = 'reference' | 'market' | 'intraday' | 'financials' | 'events';

export async function bumpDataVersion(db: Db, dataset: Dataset): Promise<void> {
  const now = toSqlDateTime(new Date());
  await db('data_versions').insert({ dataset, version: 0, updated_at: now }).onConflict('dataset').ignore();
  await db('data_versions').where({ dataset }).update({ version: db.raw('version + 1'), updated_at: now });
}

export async function dataVersion(db: Db, dataset: Dataset): Promise<number> {
  const row = await db('data_versions').where({ dataset }).first('version');
  return row ? Number(row.version) : 0;
}
