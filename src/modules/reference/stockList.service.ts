import type { Db } from '../../db/connection';
import { VersionedValue, type DataVersions } from '../../db/dataVersions';
import { ListedUniverse, type UniverseFilter } from '../../domain/reference/listedUniverse';
import type { PageRequest } from '../../domain/api/pagination';
import type { CodeHistory } from '../common/codeHistory.service';
import type { ListedRow } from './reference.types';
import { namesOnDate, universeSecurities } from './stockList.repository';
import { industryFilterOn, industryMemberships } from '../common/industryMemberships.repository';
import { industryOn } from '../../domain/reference/industryClassification';
import { exchangeToday } from '../../domain/time/clock';

/**
 * The stock list from memory: the universe (every security and code change) is built at start and again when
 * the `reference` data version moves; a page reads only its names and industries of the day, an indexed query
 * each for at most a page of codes, so the cost no longer follows the width of the market.
 */
export class StockList {
  private readonly universe: VersionedValue<ListedUniverse>;

  /** `versions`: the ones the answer cache keys on, so no answer is stored under a newer reference version than its universe. */
  constructor(
    private readonly db: Db,
    versions: DataVersions,
    codes: CodeHistory,
  ) {
    this.universe = new VersionedValue(
      versions,
      'reference',
      async () => new ListedUniverse(await universeSecurities(db), await codes.touching()),
    );
  }

  warmUp(): void {
    this.universe.warmUp();
  }

  /**
   * One page of the universe ordered by the code shown, with the names and industries of the day (today without
   * `date`), and the number of all its rows. An `industry` a Shenwan membership names (its index code or name,
   * any level) keeps its members of the day; another is the stock list's label.
   */
  async page(filter: UniverseFilter, window: PageRequest): Promise<{ rows: ListedRow[]; total: number }> {
    const day = filter.date ?? exchangeToday();
    const kept = { ...filter, ...(await industryFilterOn(this.db, filter.industry, day)) };
    const { rows, total } = (await this.universe.current()).page(kept, window);
    const codes = rows.map((row) => row.ts_code);
    const [names, memberships] = await Promise.all([
      filter.date === undefined ? null : namesOnDate(this.db, codes, filter.date),
      industryMemberships(this.db, codes, day),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        name_then: names?.get(row.ts_code) ?? row.name,
        ...industryOn(memberships.get(row.ts_code) ?? [], day, row.industry),
      })),
      total,
    };
  }
}
