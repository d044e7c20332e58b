import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/api/pagination';
import { SecurityIndex, type SearchPage } from '../../domain/reference/securitySearch';
import { VersionedValue, type DataVersions } from '../../db/dataVersions';
import { searchSources } from './stocks.repository';
import { industryOn } from '../../domain/reference/industryClassification';
import { exchangeToday } from '../../domain/time/clock';

/**
 * Keyword search answered from memory: the index of every security (its industry as of the day it is built)
 * is built at start and again when the `reference` data version moves (an import on any instance bumps it; the version is read at most once per
 * the versions' TTL), so a search runs no SQL.
 */
export class SecuritySearch {
  private readonly index: VersionedValue<SecurityIndex>;

  /**
   * `versions`: the same the answer cache keys on (made in createApp), so a search answer is stored under the reference
   * version its index was built from or a newer one, never an older index under a newer version.
   */
  constructor(
    private readonly db: Db,
    versions: DataVersions,
  ) {
    this.index = new VersionedValue(versions, 'reference', () => this.build());
  }

  /** Builds the index now (at start), so the first search does not wait for it. */
  warmUp(): void {
    this.index.warmUp();
  }

  async search(keyword: string, window: PageRequest): Promise<SearchPage> {
    return (await this.index.current()).search(keyword, window);
  }

  private async build(): Promise<SecurityIndex> {
    const today = exchangeToday();
    const { securities, formerNames, memberships } = await searchSources(this.db, today);
    const former = new Map<string, string[]>();
    for (const { ts_code, name } of formerNames) former.set(ts_code, [...(former.get(ts_code) ?? []), name]);
    return new SecurityIndex(
      securities.map((row) => {
        const { industry, industry_classification } = industryOn(
          memberships.get(row.ts_code) ?? [],
          today,
          row.industry,
        );
        return {
          ...row,
          industry,
          industry_classification,
          pinyin: row.pinyin ?? '',
          former_names: (former.get(row.ts_code) ?? []).filter((name) => name !== row.name),
        };
      }),
    );
  }
}
