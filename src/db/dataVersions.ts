import type { Db } from './connection';
import { toSqlDateTime } from '../domain/dates';

/** Data sets whose versions the answer cache keys on; an import or sync that changes one bumps it. */
export const DATASETS = ['reference', 'market', 'intraday', 'financials', 'events'] as const;
export type Dataset = (typeof DATASETS)[number];

export async function bumpDataVersion(db: Db, dataset: Dataset): Promise<void> {
  const now = toSqlDateTime(new Date());
  await db('data_versions').insert({ dataset, version: 0, updated_at: now }).onConflict('dataset').ignore();
  await db('data_versions').where({ dataset }).update({ version: db.raw('version + 1'), updated_at: now });
}

export async function dataVersion(db: Db, dataset: Dataset): Promise<number> {
  const row = await db('data_versions').where({ dataset }).first('version');
  return row ? Number(row.version) : 0;
}

/**
 * The version counters of data sets, read from the database at most once per `ttlMs` (imports bump them;
 * an answer may lag an import by that long).
 */
export class DataVersions {
  private readonly seen = new Map<Dataset, { version: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  /** The version when it was read less than `ttlMs` ago (no promise on the hot path), else undefined. */
  fresh(dataset: Dataset): number | undefined {
    const known = this.seen.get(dataset);
    return known && Date.now() - known.at < this.ttlMs ? known.version : undefined;
  }

  async of(dataset: Dataset): Promise<number> {
    const known = this.fresh(dataset);
    if (known !== undefined) return known;
    const version = await dataVersion(this.db, dataset);
    this.seen.set(dataset, { version, at: Date.now() });
    return version;
  }
}
