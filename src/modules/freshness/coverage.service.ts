import type { Db } from '../../db/connection';
import { DATASETS, DataVersions, VersionedValue } from '../../db/dataVersions';
import { dateSpan, rowTotals, sessionCounts, universeOf } from '../../db/sessionCoverage';
import { declaredUniverse, universeEntries } from '../../db/declaredUniverse';
import { membersOn, type ResolvedUniverse, type UniverseEntry } from '../../domain/market/universe';
import { exchangeDateTime } from '../../domain/time/clock';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import { COVERAGE_DATASETS } from '../../catalogue/coverageDatasets';
import {
  gapsOf,
  GAP_WINDOW_SESSIONS,
  lagInSessions,
  type CoverageDataset,
  type SessionCount,
} from '../../domain/market/coverage';
import type { Visibility } from '../../domain/time/marketTime';
import type { OpenDays } from '../../domain/time/openDays';
import { expectedSession, nextSlot, servedExchanges, type ScheduleEntry } from '../../domain/time/syncSchedule';
import { EXCHANGES } from '../../domain/reference/symbols';
import type { ListingRow } from '../common/common.types';
import { TradingCalendar } from '../common/tradingCalendar.service';
import {
  failedSessions,
  failureCount,
  keepCoverageCounts,
  keptCoverageCounts,
  lastSuccessfulRuns,
  securityDays,
  securityHalts,
} from './freshness.repository';
import type {
  CalendarCoverage,
  CoverageReport,
  DatasetCoverageRow,
  DatasetStats,
  UniverseSummary,
} from './freshness.types';
import { openFindingCounts } from './quality.repository';
import { recordedDates } from '../../live/snapshotDays';
import { severityTotals, type OpenCount } from '../../domain/quality/findings';

export interface CoverageSettings {
  schedule: readonly ScheduleEntry[];
  minCoverage: number;
  /** The snapshot recorder's directory, whose days the report lists; none: nothing recorded. */
  snapshotDir?: string;
}

/**
 * How current each dataset is (`/v1/data/coverage`, `ashare status`, the lag gauges, /readyz). What the store
 * holds is counted once per data version and gap window (rows and securities of a whole table are the costly
 * part: seconds a table at the whole market's twenty years) and kept in memory and in the store
 * (`coverage_counts`), so a process that starts or another of the cluster reads the counts instead of counting
 * again; the runs that change the data count them when they finish (`countCoverage`). The figures are exact
 * for the data versions they are of. What depends on the time (the expected session, the lag, the next run)
 * and on the plan (the last date it sees) is worked out per request.
 */
export class StoreCoverage {
  private held: { key: string; stats: Promise<Map<string, DatasetStats>> } | undefined;
  private lastDays: { key: string; days: Promise<Array<{ dataset: string; last: string | null }>> } | undefined;
  /** The declared universe's lines and what they resolve to (they and the index constituents are reference data). */
  private readonly universe: VersionedValue<{ entries: UniverseEntry[]; resolved: ResolvedUniverse | null }>;

  private readonly db: Db;
  private readonly primary: Db;

  /** `db`: where it reads (a replica may serve); `primary`: where it keeps the counts. */
  constructor(
    { db, primary }: { db: Db; primary: Db },
    private readonly versions: DataVersions,
    private readonly calendar: TradingCalendar,
    readonly settings: CoverageSettings,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.db = db;
    this.primary = primary;
    this.universe = new VersionedValue(versions, 'reference', async () => ({
      entries: await universeEntries(db),
      resolved: await declaredUniverse(db),
    }));
  }

  /** `visibility`: the plan's cut-offs (none: what the store holds); `security`: one security's coverage. */
  async report(
    visibility: Pick<Visibility, 'dailyThrough' | 'minuteThrough'> | null,
    security?: ListingRow,
  ): Promise<CoverageReport> {
    const days = await this.calendar.openDays();
    // To the minute: what the report says changes at scheduled minutes, and its forms agree within a minute.
    const asOf = exchangeDateTime(this.clock()).slice(0, 16);
    const through = visibility?.dailyThrough ?? null;
    const due = expectedSession(asOf, this.settings.schedule, days);
    const expected = through !== null && due !== null && due > through ? days.before(through, 0) : due;
    const window = expected === null ? [] : days.between(days.before(expected, GAP_WINDOW_SESSIONS - 1)!, expected);
    const stats = security === undefined ? await this.storeStats(window) : await this.securityStats(security, window);
    const runs = await lastSuccessfulRuns(this.db);
    const failed =
      window.length === 0 ? new Map<string, string[]>() : await failedSessions(this.db, window[0]!, window.at(-1)!);
    const datasets = COVERAGE_DATASETS.map((dataset): DatasetCoverageRow => {
      const { first, last, rows, securities, counts } = stats.get(dataset.name)!;
      const cutOff =
        dataset.clock === 'session'
          ? through
          : dataset.clock === 'minute'
            ? (visibility?.minuteThrough?.slice(0, 10) ?? null)
            : null;
      const seen = visibleLast(last, cutOff, counts);
      const sessions = dataset.clock === 'session';
      const completeness = security !== undefined && dataset.completeness === 'any' ? 'none' : dataset.completeness;
      const gaps =
        sessions && first !== null
          ? gapsOf(
              [...counts.keys()].filter((day) => day >= first),
              counts,
              completeness,
              this.settings.minCoverage,
            )
          : [];
      const sources = runsOf(dataset, runs);
      return {
        dataset,
        first,
        last: seen,
        expected: sessions ? expected : null,
        lag: sessions ? lagInSessions(seen, expected, days) : null,
        missing: gaps.filter((gap) => gap.state === 'missing').map((gap) => gap.date),
        partial: gaps.filter((gap) => gap.state === 'partial').map((gap) => gap.date),
        failed: security === undefined ? (failed.get(dataset.name) ?? []) : [],
        rows,
        securities,
        lastUpdate: sources,
        nextUpdate: nextUpdateOf(dataset, this.settings.schedule, asOf, days),
      };
    });
    return {
      asOf,
      symbol: security?.ts_code ?? null,
      expectedSession: expected,
      minCoverage: this.settings.minCoverage,
      openFindings: severityTotals(await openFindingCounts(this.db, through, security?.ts_code)),
      calendar: calendarCoverage(days, asOf),
      uncoveredExchanges: EXCHANGES.filter((exchange) => !servedExchanges(this.settings.schedule).includes(exchange)),
      recordedSnapshotDays:
        this.settings.snapshotDir === undefined ? [] : await recordedDates(this.settings.snapshotDir),
      universe: universeSummary(await this.universe.current(), expected),
      datasets,
    };
  }

  /** How far the stored calendar reaches now (for /readyz). */
  async calendarReach(): Promise<CalendarCoverage> {
    return calendarCoverage(await this.calendar.openDays(), exchangeDateTime(this.clock()));
  }

  /**
   * How many sessions each dataset of sessions that holds data is behind the expected session (the store's
   * view: no plan's delay), from the ends of its date index: for /readyz and the lag gauges, cheap to ask often.
   */
  async lags(): Promise<Array<{ dataset: string; lag: number }>> {
    const days = await this.calendar.openDays();
    const expected = expectedSession(exchangeDateTime(this.clock()), this.settings.schedule, days);
    const key = await this.versionKey();
    if (this.lastDays?.key !== key) {
      const sessions = COVERAGE_DATASETS.filter((one) => one.clock === 'session');
      this.lastDays = {
        key,
        days: Promise.all(
          sessions.map(async (dataset) => ({ dataset: dataset.name, last: (await dateSpan(this.db, dataset)).last })),
        ),
      };
      this.lastDays.days.catch(() => (this.lastDays = undefined));
    }
    const lags = [];
    for (const { dataset, last } of await this.lastDays.days) {
      const lag = lagInSessions(last, expected, days);
      if (lag !== null) lags.push({ dataset, lag });
    }
    return lags;
  }

  /** The data versions the counts are of (the live quotes' aside: they feed no dataset here). */
  private async versionKey(): Promise<string> {
    return (
      await Promise.all(DATASETS.filter((dataset) => dataset !== 'live').map((dataset) => this.versions.of(dataset)))
    ).join('.');
  }

  /** Each source's last successful run, epoch seconds (a gauge). */
  async lastSuccesses(): Promise<Array<{ source: string; seconds: number }>> {
    return [...(await lastSuccessfulRuns(this.db)).values()].map((run) => ({
      source: run.source,
      seconds: Date.parse(sqlDateTimeToIso(run.finished_at)!) / 1000,
    }));
  }

  /** The sessions updates failed to load, ever counted (a counter). */
  failures(): Promise<number> {
    return failureCount(this.db);
  }

  /** The audit's open findings by check and severity (a gauge). */
  findings(): Promise<OpenCount[]> {
    return openFindingCounts(this.db, null);
  }

  /**
   * Every dataset's span, totals and window counts, counted again when a data version, the window or the
   * exchanges served move: kept in memory, read from the store when another process counted them.
   */
  private async storeStats(window: readonly string[]): Promise<Map<string, DatasetStats>> {
    const exchanges = servedExchanges(this.settings.schedule);
    const key = `${await this.versionKey()}|${window[0]}|${window.at(-1)}|${exchanges.join(',')}`;
    if (this.held?.key !== key) {
      const stats = this.keptOrCounted(key, window);
      this.held = { key, stats };
      stats.catch(() => (this.held = undefined));
    }
    return this.held.stats;
  }

  private async keptOrCounted(key: string, window: readonly string[]): Promise<Map<string, DatasetStats>> {
    const kept = await keptCoverageCounts(this.db, key);
    if (kept !== null) return statsOfJson(kept);
    const stats = await this.count(window);
    // Kept for the next process; a store that refuses the write (a read-only replica as primary) is counted again.
    await keepCoverageCounts(this.primary, key, jsonOfStats(stats)).catch(() => undefined);
    return stats;
  }

  private async count(window: readonly string[]): Promise<Map<string, DatasetStats>> {
    const stats = new Map<string, DatasetStats>();
    const { resolved } = await this.universe.current();
    const universe = await universeOf(this.db, resolved, window, servedExchanges(this.settings.schedule));
    for (const dataset of COVERAGE_DATASETS) {
      const counts =
        dataset.clock === 'session'
          ? await sessionCounts(this.db, dataset, window, universe)
          : new Map<string, SessionCount>();
      stats.set(dataset.name, {
        ...(await dateSpan(this.db, dataset)),
        ...(await rowTotals(this.db, dataset)),
        counts,
      });
    }
    return stats;
  }

  /** One security's span and totals per dataset, and its window sessions within its listed life and not halted. */
  private async securityStats(security: ListingRow, window: readonly string[]): Promise<Map<string, DatasetStats>> {
    const stats = new Map<string, DatasetStats>();
    const listed = window.filter(
      (day) =>
        (security.list_date === null || day >= security.list_date) &&
        (security.delist_date === null || day < security.delist_date),
    );
    const halted =
      listed.length === 0
        ? new Set<string>()
        : await securityHalts(this.db, security.ts_code, listed[0]!, listed.at(-1)!);
    const trading = listed.filter((day) => !halted.has(day));
    for (const dataset of COVERAGE_DATASETS) {
      const counts = new Map<string, SessionCount>();
      if (dataset.clock === 'session' && trading.length > 0) {
        const held = await securityDays(this.db, dataset, security.ts_code, trading[0]!, trading.at(-1)!);
        for (const day of trading) counts.set(day, { rows: held.has(day) ? 1 : 0, expected: 1 });
      }
      stats.set(dataset.name, {
        ...(await dateSpan(this.db, dataset, security.ts_code)),
        ...(await rowTotals(this.db, dataset, security.ts_code)),
        counts,
      });
    }
    return stats;
  }
}

/** Counts as kept in the store: each dataset's window sessions as [day, count] pairs. */
const jsonOfStats = (stats: ReadonlyMap<string, DatasetStats>): string =>
  JSON.stringify([...stats].map(([name, { counts, ...totals }]) => [name, { ...totals, counts: [...counts] }]));

const statsOfJson = (json: string): Map<string, DatasetStats> =>
  new Map(
    (JSON.parse(json) as Array<[string, Omit<DatasetStats, 'counts'> & { counts: Array<[string, SessionCount]> }]>).map(
      ([name, { counts, ...totals }]) => [name, { ...totals, counts: new Map(counts) }],
    ),
  );

/**
 * Counts the whole store for coverage and keeps the counts, as a run that changed the data does when it
 * finishes (an import, a sync, an update), so that the next report reads them.
 */
export async function countCoverage(db: Db, settings: CoverageSettings): Promise<void> {
  const versions = new DataVersions(db, 0);
  await new StoreCoverage({ db, primary: db }, versions, new TradingCalendar(db, versions), settings).report(null);
}

/** The last date a plan sees: the stored last, or past its cut-off the latest counted session before it that has rows. */
function visibleLast(
  last: string | null,
  cutOff: string | null,
  counts: ReadonlyMap<string, SessionCount>,
): string | null {
  if (last === null || cutOff === null || last <= cutOff) return last;
  const held = [...counts].filter(([day, count]) => day <= cutOff && count.rows > 0).map(([day]) => day);
  return held.at(-1) ?? cutOff;
}

/** The latest successful run of the sources that fill a dataset. */
function runsOf(dataset: CoverageDataset, runs: Awaited<ReturnType<typeof lastSuccessfulRuns>>) {
  const own = dataset.sources.map((source) => runs.get(source)).filter((run) => run !== undefined);
  return own.sort((a, b) => b.finished_at.localeCompare(a.finished_at))[0] ?? null;
}

/** The next scheduled run of a source that fills the dataset (Beijing `YYYY-MM-DD HH:MM`). */
function nextUpdateOf(
  dataset: CoverageDataset,
  schedule: readonly ScheduleEntry[],
  now: string,
  days: OpenDays,
): string | null {
  const slots = schedule
    .filter((entry) => dataset.sources.includes(entry.source))
    .map((entry) => nextSlot(entry.at, now, days))
    .filter((slot) => slot !== null);
  return slots.sort()[0] ?? null;
}

/** The calendar's reach at a Beijing date-time (`YYYY-MM-DD HH:MM…`). */
/** What the report tells of the declared universe: its indices, and how many securities it means on `day`. */
function universeSummary(
  { entries, resolved }: { entries: UniverseEntry[]; resolved: ResolvedUniverse | null },
  day: string | null,
): UniverseSummary {
  return {
    declared: entries.length > 0,
    indices: entries.filter((entry) => entry.scope === 'index').map((entry) => entry.code),
    members: day === null ? null : (membersOn(resolved, day)?.size ?? null),
  };
}

const calendarCoverage = (days: OpenDays, beijing: string): CalendarCoverage => ({
  through: days.through,
  coversToday: days.covers(beijing.slice(0, 10)),
});
