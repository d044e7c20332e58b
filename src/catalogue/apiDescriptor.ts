import type { CoverageDataset } from '../domain/market/coverage';
import type { TushareApi } from '../domain/tables/tushareApi';
import type { TableLoader } from '../loaders/loaderTypes';
import type { SyncPlan } from './syncPlans';

/**
 * How the coverage reports an api's data: its table and date column, sessions, minutes or report periods, what
 * "loaded" means for a session; `baostock` when Baostock's update fills it too (Tushare's does when the api's
 * sync asks it session by session).
 */
export type CoverageSpec = Omit<CoverageDataset, 'name' | 'sources'> & { baostock?: true };

/**
 * One api_name, everything the service does with it in one place: its `/dataapi` entry (fields, parameters,
 * order, cap), the loader of its bundle file `<api>.csv` (and of its sync's replies), how the sync asks for it
 * (and the endpoint asked, when another api answers it whole-market), whether Tushare grants it apart (ETFs,
 * convertibles, Shenwan's indices: synced only when named, never by an update), and its coverage. Written as an entry of the
 * catalogue (src/catalogue/apiCatalogue.ts) under its api_name; the lists of every interface derive from it.
 */
export interface ApiEntry {
  tushare?: TushareApi;
  load?: TableLoader;
  /** The name its bundle file had before it took its api_name, still read. */
  formerFile?: string;
  sync?: SyncPlan;
  endpoint?: string;
  kind?: 'etf' | 'convertible';
  /** Tushare grants it apart from the stocks' apis (sw_daily: 5,000 points), as it does the ETFs' and bonds'. */
  grantedApart?: true;
  coverage?: CoverageSpec;
}

/** Synced only when named and never by an update: the apis of ETFs and bonds, and those Tushare grants apart. */
export const isGrantedApart = (entry: ApiEntry): boolean => entry.kind !== undefined || entry.grantedApart === true;

export interface ApiDescriptor extends ApiEntry {
  api: string;
}

/** Coverage by sessions (`trade_date`) of a table. */
export const sessionsOf = (
  table: string,
  completeness: CoverageDataset['completeness'],
  baostock?: true,
): CoverageSpec => ({ table, dateColumn: 'trade_date', clock: 'session', completeness, ...(baostock && { baostock }) });

/** Coverage by report periods (`end_date`) of a table: kept whole as loaded, no gaps told. */
export const periodsOf = (table: string): CoverageSpec => ({
  table,
  dateColumn: 'end_date',
  clock: 'period',
  completeness: 'none',
});

/** Coverage by minutes (`trade_time`) of a table: kept whole as loaded, no gaps told. */
export const minutesOf = (table: string): CoverageSpec => ({
  table,
  dateColumn: 'trade_time',
  clock: 'minute',
  completeness: 'none',
});

/** An api's file in a Tushare-format bundle. */
export const csvFileOf = ({ api }: { api: string }): string => `${api}.csv`;
