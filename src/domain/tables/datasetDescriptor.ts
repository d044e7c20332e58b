import type { operations } from '../../../generated/api';
import type { MarketClock } from '../time/marketTime';
import { columnsOf, type ColumnLayout, type TableLayout } from './tableLayout';
import {
  fieldsOf,
  filtersOf,
  type DataScope,
  type ParamFilter,
  type RowOrder,
  type TableFilters,
  type TushareApi,
} from './tushareApi';

type OperationId = keyof operations;

/** A dataset of trading days: its market time the session's close, fetched and covered session by session. */
export const SESSIONS = {
  marketTime: { column: 'trade_date', clock: 'daily' },
  sync: { per: 'session', param: 'trade_date' },
  coverage: 'sessions',
} as const;

/** The api_name's entry beyond the table: Tushare's fields in Tushare's order (all columns by default), parameters, order, cap. */
export interface TushareEntry<C extends string> {
  fields?: readonly C[];
  params: Readonly<Record<string, ParamFilter<C>>>;
  requiresOneOf?: readonly string[];
  order: RowOrder<C>;
  cap: number;
}

/**
 * How the sync asks Tushare for a dataset, resumable part by part: one call per open session or per calendar
 * day (announcements come on closed days too), naming the day in `param`; one call per stock over the
 * report periods of the range (the top-ten holders need a ts_code); or one call per convertible bond, again on
 * every run (an api asked by `ts_code` alone).
 */
export type DatasetSync<C extends string> =
  { per: 'session' | 'day'; param: C } | { per: 'stock-periods' } | { per: 'convertible' };

/**
 * A dataset's `/v1` route. `session`: rows of a trading day (`trade_date`), visible after the plan's delay; one
 * security over time, the whole market on a day (`date`), `filters` naming the column each own parameter
 * equals. `announcement`: disclosures point in time, rows of a date (`date`: a report period, an unlock day)
 * as the latest announcement on or before `as_of` states them, answered under the name `wire` and asked for
 * one day by the parameter of that name; `rank` orders a list, largest first; `ahead` reaches a year past
 * `as_of` by default (future unlocks). `example`: a request's parameters that answer rows on the test fixture.
 */
export type DatasetRoute<C extends string, Op extends OperationId> =
  | {
      operationId: Op;
      by: 'session';
      filters?: Readonly<Record<string, C>>;
      example: Readonly<Record<string, string>>;
    }
  | {
      operationId: Op;
      by: 'announcement';
      date: C;
      /** The column a row is known from, point in time (`ann_date` when not given; an IPO's subscription day). */
      published?: C;
      wire: string;
      rank: C | null;
      ahead?: boolean;
      example: Readonly<Record<string, string>>;
    };

/** The column an announced route's rows are known from: its `published`, else `ann_date`. */
export const publishedColumnOf = (route: { published?: string }): string => route.published ?? 'ann_date';

/** A synthetic session of a demo stock, in Tushare `daily`'s units (vol in lots, amount in thousand yuan). */
export interface DemoBar {
  /** `YYYYMMDD`. */
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
  preClose: number;
  pctChg: number;
  vol: number;
  amount: number;
  /** The price limit of its board that day, a ratio (0.1: ±10 %), by the rules the audit applies. */
  limit: number;
}

/** Seeded draws: the same seed gives the same bundle. */
export interface DemoRandom {
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Standard normal. */
  normal(): number;
}

/** A demo stock as the demo bundle's generator hands it to a dataset's rule: all invented but the name. */
export interface DemoStock extends DemoRandom {
  tsCode: string;
  name: string;
  /** Its industry as the stock list names it. */
  industry: string;
  /** Issued shares (all tradable, for simplicity). */
  shares: number;
  /** The exchange's own code of the stock in Stock Connect's holdings. */
  connectCode: string;
  /** Its largest holders: name, kind and percent of the shares. */
  holders: ReadonlyArray<readonly [name: string, kind: string, percent: number]>;
  /** Its generated sessions, ascending: a rule counts back from the last (`at(-30)`) as far as it needs. */
  bars: readonly DemoBar[];
  /** The days of `bars`. */
  sessions: readonly string[];
  /** Today, `YYYYMMDD`. */
  today: string;
  /** Draws seeded by the stock and `key` alone (a day): what two datasets say of one day agree, whatever else is drawn. */
  randomOf(key: string): DemoRandom;
}

/** A dataset's rows, Tushare's fields (as `<api>.csv` holds them) by name. */
export type DemoRows = Record<string, string | number | null>[];

/** The demo's whole market as a rule of market-wide rows takes it (margin's totals by exchange). */
export interface DemoMarket extends DemoRandom {
  /** The days of the demo stocks' generated sessions, ascending. */
  days: readonly string[];
}

/** A dataset's demo rows of a demo stock. */
export type DemoRule = (stock: DemoStock) => DemoRows;

/** A dataset's demo rows of the whole market, once. */
export type MarketDemoRule = (market: DemoMarket) => DemoRows;

/**
 * One dataset beside prices and statements, everything the service knows of it in one place: its table (key,
 * columns with kind and unit, market time) and the Tushare api_name that is its bundle file, sync part,
 * coverage name and `/dataapi` entry. The loaders, the sync's parts, the api_name table, the dataset routes and
 * their handlers, the coverage list, the demo bundle and the test samples derive from the set of them
 * (DATASET_DESCRIPTORS); the MCP tool, the format and plan-visibility matrices follow the contract's route.
 */
export interface DatasetDescriptor<
  C extends string = string,
  Op extends OperationId = OperationId,
> extends TableLayout<C> {
  /** Tushare's api_name: the bundle's `<api>.csv`, the sync's and the coverage's name. */
  api: string;
  /** The key scope of its routes, and the data version a load bumps. */
  scope: Exclude<DataScope, 'reference'>;
  /**
   * The kind of security its rows are of when not stocks (ETFs, convertibles): such a dataset is synced only when
   * asked for by name, since Tushare grants its apis apart, and no update fetches it.
   */
  kind?: 'etf' | 'convertible';
  /** Source rows the store leaves out (hk_hold's southbound holdings). */
  skips?: (values: Readonly<Record<string, string>>) => boolean;
  sync?: DatasetSync<C>;
  /** Reported by the coverage: sessions (present once a session has a row) or report periods. */
  coverage?: 'sessions' | 'periods';
  /** The `/dataapi` entry (none: not a Tushare api, e.g. Baostock's indicators). */
  tushare?: Omit<TushareApi, 'layout' | 'scope'>;
  route?: DatasetRoute<C, Op>;
  /** Its rows in the demo bundle: of each demo stock (`demo`), or once of the market (`marketDemo`). */
  demo?: DemoRule;
  marketDemo?: MarketDemoRule;
}

/** A descriptor as written: the api_name's entry built from the table's own filters, so a column it lacks does not compile. */
type DescriptorInput<C extends string, Op extends OperationId> = Omit<
  DatasetDescriptor<C, Op>,
  'columns' | 'key' | 'marketTime' | 'tushare' | 'sync' | 'route'
> & {
  columns: Readonly<Record<C, ColumnLayout>>;
  key: readonly NoInfer<C>[];
  marketTime?: { column: NoInfer<C>; clock: MarketClock };
  sync?: DatasetSync<NoInfer<C>>;
  tushare?: (by: TableFilters<NoInfer<C>>) => TushareEntry<NoInfer<C>>;
  route?: DatasetRoute<NoInfer<C>, Op>;
};

export function dataset<C extends string, Op extends OperationId = never>({
  tushare,
  ...descriptor
}: DescriptorInput<C, Op>): DatasetDescriptor<C, Op> {
  return tushare ? { ...descriptor, tushare: tushareEntryOf(descriptor, tushare(filtersOf<C>())) } : descriptor;
}

function tushareEntryOf<C extends string>(
  layout: TableLayout<C>,
  { fields = columnsOf(layout), ...entry }: TushareEntry<C>,
): Omit<TushareApi, 'layout' | 'scope'> {
  return { ...entry, fields: fieldsOf(layout, fields) };
}

/** A descriptor's `/dataapi` entry, or none. */
export const tushareApiOf = (descriptor: DatasetDescriptor): TushareApi | undefined =>
  descriptor.tushare && { ...descriptor.tushare, layout: descriptor, scope: descriptor.scope };

/** The fields of a dataset's Tushare-format file, in Tushare's order: its api_name's, or its columns. */
export const tushareFieldsOf = (descriptor: DatasetDescriptor): string[] =>
  descriptor.tushare ? Object.keys(descriptor.tushare.fields) : columnsOf(descriptor);
