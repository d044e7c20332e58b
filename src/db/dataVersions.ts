import type { Db } from './connection';
import { toSqlDateTime } from '../domain/time/dates';

/** Data sets whose versions the answer cache keys on; an import or sync that changes one bumps it. */
/** `live`: what the quote feed writes, bumped with each of its batches (quiet outside sessions). */
export const DATASETS = ['reference', 'market', 'intraday', 'financials', 'events', 'live'] as const;
export type Dataset = (typeof DATASETS)[number];

export async function bumpDataVersion(db: Db, dataset: Dataset): Promise<void> {
  const now = toSqlDateTime(new Date());
  await db('data_versions').insert({ dataset, version: 0, updated_at: now }).onConflict('dataset').ignore();
  await db('data_versions')
    .where({ dataset })
    .update({ version: db.raw('version + 1'), updated_at: now });
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

  /** Until when (epoch ms) the version last read stays trusted; 0 when none was read. */
  freshUntil(dataset: Dataset): number {
    const known = this.seen.get(dataset);
    return known === undefined ? 0 : known.at + this.ttlMs;
  }

  async of(dataset: Dataset): Promise<number> {
    const known = this.fresh(dataset);
    if (known !== undefined) return known;
    const version = await dataVersion(this.db, dataset);
    this.seen.set(dataset, { version, at: Date.now() });
    return version;
  }
}

/**
 * A value built from the database and built again when a data set's version moves (read at most once per
 * the versions' ttl), so that readers between imports run no SQL. Callers during a build wait for it (one
 * build at a time); a failed build is retried by the next caller.
 */
export class VersionedValue<T> {
  private built: { version: number; value: T } | undefined;
  private building: Promise<T> | undefined;

  constructor(
    private readonly versions: DataVersions,
    private readonly dataset: Dataset,
    private readonly build: () => Promise<T>,
  ) {}

  /** Builds the value now (at start), so the first reader does not wait for it; a failure waits for the next reader. */
  warmUp(): void {
    this.current().catch(() => {});
  }

  async current(): Promise<T> {
    const version = this.versions.fresh(this.dataset) ?? (await this.versions.of(this.dataset));
    if (this.built?.version === version) return this.built.value;
    this.building ??= this.rebuild(version).finally(() => (this.building = undefined));
    return this.building;
  }

  private async rebuild(version: number): Promise<T> {
    const value = await this.build();
    if (!this.built || this.built.version < version) this.built = { version, value };
    return value;
  }
}
