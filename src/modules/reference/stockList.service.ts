import type { Db } from '../../db/connection';
import { VersionedValue, type DataVersions } from '../../db/dataVersions';
import { ListedUniverse, type UniverseFilter } from '../../domain/reference/listedUniverse';
import type { PageRequest } from '../../domain/api/pagination';
import type { CodeHistory } from '../common/codeHistory.service';
import type { ListedRow } from './reference.types';
import { namesOnDate, universeSecurities } from './stockList.repository';

/**
 * The stock list from memory: the universe (every security and code change) is built at start and again when
 * the `reference` data version moves; a page on a date reads only its names of that day, one indexed query
 * for at most a page of codes, so the cost no longer follows the width of the market.
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

  /** One page of the universe ordered by the code shown, with the names of the day, and the number of all its rows. */
  async page(filter: UniverseFilter, window: PageRequest): Promise<{ rows: ListedRow[]; total: number }> {
    const { rows, total } = (await this.universe.current()).page(filter, window);
    const { date } = filter;
    const names =
      date === undefined
        ? null
        : await namesOnDate(
            this.db,
            rows.map((row) => row.ts_code),
            date,
          );
    return { rows: rows.map((row) => ({ ...row, name_then: names?.get(row.ts_code) ?? row.name })), total };
  }
}
