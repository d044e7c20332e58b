import type { Db } from '../../db/connection';
import { fullPinyinOf } from '../../domain/cnspell';
import type { PageRequest } from '../../domain/pagination';
import { SecurityIndex, type SearchPage } from '../../domain/securitySearch';
import { DataVersions } from '../../db/dataVersions';
import { searchSources } from './stocks.repository';

/**
 * Keyword search answered from memory: the index of every security is built at start and again when the
 * `reference` data version moves (an import on any instance bumps it; the version is read at most once per
 * `dataVersionTtlMs`), so a search runs no SQL. Requests during a rebuild wait for it (one build at a time).
 */
export class SecuritySearch {
  private readonly versions: DataVersions;
  private built: { version: number; index: SecurityIndex } | undefined;
  private building: Promise<SecurityIndex> | undefined;
  /** Full pinyin by name, kept across rebuilds: an import then converts only names it has not seen (~60 µs each). */
  private readonly pinyinByName = new Map<string, string>();

  constructor(
    private readonly db: Db,
    dataVersionTtlMs = 1000,
  ) {
    this.versions = new DataVersions(db, dataVersionTtlMs);
  }

  /** Builds the index now (at start), so the first search does not wait for it; a failure waits for the next search. */
  warmUp(): void {
    this.index().catch(() => {});
  }

  async search(keyword: string, window: PageRequest): Promise<SearchPage> {
    return (await this.index()).search(keyword, window);
  }

  private async index(): Promise<SecurityIndex> {
    const version = this.versions.fresh('reference') ?? (await this.versions.of('reference'));
    if (this.built?.version === version) return this.built.index;
    this.building ??= this.build(version).finally(() => (this.building = undefined));
    return this.building;
  }

  private async build(version: number): Promise<SecurityIndex> {
    const { securities, formerNames } = await searchSources(this.db);
    const former = new Map<string, string[]>();
    for (const { ts_code, name } of formerNames) former.set(ts_code, [...(former.get(ts_code) ?? []), name]);
    const index = new SecurityIndex(
      securities.map((row) => ({
        ...row,
        pinyin: this.pinyinOf(row.name),
        former_names: (former.get(row.ts_code) ?? []).filter((name) => name !== row.name),
      })),
    );
    if (!this.built || this.built.version < version) this.built = { version, index };
    return index;
  }

  private pinyinOf(name: string): string {
    let pinyin = this.pinyinByName.get(name);
    if (pinyin === undefined) this.pinyinByName.set(name, (pinyin = fullPinyinOf(name)));
    return pinyin;
  }
}
