import type { Db } from '../../db/connection';
import { VersionedValue, type DataVersions } from '../../db/dataVersions';
import { OpenDays } from '../../domain/time/openDays';
import { allOpenDays, calendarThrough } from '../../db/sessionCoverage';
import { latestTradingDay, newestLiveDay } from './tradingCalendar.repository';

/**
 * The calendar's open days and the store's latest trading day from memory, read at start and again when
 * their data version moves (`reference` for the calendar, whose import bumps it; `market` for the bars): the
 * daily and kline windows are worked out without SQL (a cold daily request used to ask three queries for
 * them). A delayed plan sees the same latest day unless the store holds a day past its cut-off (between a
 * close and the end of the plan's delay): only then is its latest day asked of the store.
 */
export class TradingCalendar {
  private readonly days: VersionedValue<OpenDays>;
  private readonly latest: VersionedValue<string | null>;
  private readonly live: VersionedValue<string | null>;

  /** `versions`: the ones the answer cache keys on, so no answer is stored under a newer version than what it was built from. */
  constructor(
    private readonly db: Db,
    versions: DataVersions,
  ) {
    this.days = new VersionedValue(
      versions,
      'reference',
      async () => new OpenDays(await allOpenDays(db), await calendarThrough(db)),
    );
    this.latest = new VersionedValue(versions, 'market', () => latestTradingDay(db, null));
    this.live = new VersionedValue(versions, 'live', () => newestLiveDay(db));
  }

  warmUp(): void {
    this.days.warmUp();
    this.latest.warmUp();
    this.live.warmUp();
  }

  openDays(): Promise<OpenDays> {
    return this.days.current();
  }

  /** The newest trade date with bars on or before `through` (null: the store's newest), or null when none is. */
  async latestTradingDay(through: string | null): Promise<string | null> {
    const latest = await this.latest.current();
    return through === null || latest === null || latest <= through ? latest : latestTradingDay(this.db, through);
  }

  /** The day of the newest live quote in the store, or null: whether a running bar may be owed, without SQL per request. */
  liveDay(): Promise<string | null> {
    return this.live.current();
  }
}
