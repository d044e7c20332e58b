import type { Knex } from 'knex';
import { addDays, calendarHorizon } from '../../domain/time/calendar';
import { exchangeToday } from '../../domain/time/clock';
import { toSqlDateTime } from '../../domain/time/dates';
import { MAIN_INDICES } from '../../domain/market/mainIndices';
import { normalizeSymbol } from '../../domain/reference/symbols';
import { API } from '../../catalogue/apiCatalogue';
import { rowRecords } from '../csvRecords';
import { loadRecords } from '../loadTable';
import type { LoadOptions, LoadResult, TableLoader } from '../../loaders/loaderTypes';
import { baostockSecurities } from '../../loaders/baostockBasic';
import { compact, yearsOf } from '../../domain/time/syncPeriods';
import { differences, type Difference, type StoredDay } from './check';
import { keepSourceDifferences } from '../../audit/findingStore';
import { QUERIES, type BaostockClient, type BaostockRecord, type BaostockStats } from './baostockClient';
import { INDICATOR_QUERIES, indicatorRecords, quartersIn } from './indicators';
import { QUARTERLY_INDICATORS, type IndicatorQuery } from '../../domain/tables/datasetDescriptors';
import { datasetLoad } from '../../loaders/datasetTables';
import {
  barRecords,
  baostockCodeOf,
  haltRecords,
  calendarRecords,
  dividendRecords,
  factorRecords,
  fiveMinuteRecords,
  INDEX_DAY_FIELDS,
  MINUTE_FIELDS,
  STOCK_DAY_FIELDS,
  tradedDays,
  valuationRecords,
  type TushareRecord,
} from './layout';

/**
 * What `sync baostock` can fill; the defaults all but `dividends` (a query per stock and year), `financials` (six
 * per stock and quarter) and `minutes` (five-minute bars, 48 a stock and day).
 */
export const BAOSTOCK_DATASETS = [
  'reference',
  'calendar',
  'daily',
  'factors',
  'valuation',
  'dividends',
  'financials',
  'minutes',
] as const;
export type BaostockDataset = (typeof BAOSTOCK_DATASETS)[number];
export const DEFAULT_BAOSTOCK_DATASETS: readonly BaostockDataset[] = [
  'reference',
  'calendar',
  'daily',
  'factors',
  'valuation',
];

export interface BaostockSyncOptions {
  since: string;
  until: string;
  /** Standard codes; every stock listed in the range and the main indices when absent. */
  symbols?: string[];
  datasets?: readonly BaostockDataset[];
  /** Beijing date: a range that ends before it is settled, and its codes are recorded as done. */
  today?: string;
  /** Compare with the rows the store already holds of the same days instead of overwriting them (`--check`). */
  check?: boolean;
  /** Called after each security, for a progress bar. */
  onSecurity?(done: number, total: number, tsCode: string): void;
}

export interface BaostockSummary {
  securities: number;
  /** Securities already done by an earlier run of the same range (sync_progress). */
  skipped: number;
  rows: Record<string, number>;
  /** With `check`: where the stored rows differ from Baostock's (they are kept). */
  differences: Difference[];
  client: BaostockStats;
  seconds: number;
}

/** The datasets synced per security, each with the letter that names it in a progress part. */
const PER_SECURITY: ReadonlyArray<readonly [BaostockDataset, string]> = [
  ['daily', 'd'],
  ['factors', 'f'],
  ['valuation', 'v'],
  ['dividends', 'p'],
  ['financials', 'q'],
  ['minutes', 'm'],
];

/** The calendar is read from a month before the range, so that its first open day has the one before it. */
const CALENDAR_LEAD_DAYS = 40;
const PROGRESS_API = 'baostock';

/**
 * Fills the store from Baostock for a date range, through the same table loaders as a Tushare bundle (so in
 * the store's units): the calendar, the stock list, then per security its unadjusted daily bars (suspended
 * days are not bars), valuations and adjustment factors, each table of a security one transaction, the last
 * recording the security in sync_progress when the range is settled, so a rerun skips what was done and
 * gives the same database.
 */
export async function syncBaostock(
  db: Knex,
  client: BaostockClient,
  options: BaostockSyncOptions,
): Promise<BaostockSummary> {
  const started = performance.now();
  const datasets = new Set(options.datasets ?? DEFAULT_BAOSTOCK_DATASETS);
  const rows: Record<string, number> = {};
  const load = async (
    source: string,
    records: TushareRecord[],
    loader: TableLoader,
    loadOptions: LoadOptions = {},
  ): Promise<LoadResult> => {
    const result = await loadRecords(db, source, rowRecords(records), loader, loadOptions);
    rows[result.table] = (rows[result.table] ?? 0) + result.rows;
    return result;
  };
  const { since, until } = options;

  if (datasets.has('calendar')) {
    const horizon = calendarHorizon(until, options.today ?? exchangeToday());
    const days = await client.query(QUERIES.tradeDates, [addDays(since, -CALENDAR_LEAD_DAYS), horizon]);
    await load(
      `baostock trade dates ${since}..${horizon}`,
      calendarRecords(days).filter((day) => day.cal_date! >= compact(since)),
      API.trade_cal.load,
    );
  }
  if (datasets.has('reference'))
    await load('baostock stock basic', await client.query(QUERIES.stockBasic, ['', '']), baostockSecurities);

  const securities = await securitiesToSync(db, options);
  // What was synced of a security, in sync_progress's 32 characters: its code, the range, the letters of its
  // datasets asked (a run with others is another part).
  const initials = PER_SECURITY.filter(([name]) => datasets.has(name))
    .map(([, letter]) => letter)
    .join('');
  const part = (tsCode: string) => `${tsCode} ${compact(since)}..${compact(until)} ${initials}`;
  const done = new Set(
    await db('sync_progress')
      .where({ api_name: PROGRESS_API })
      .whereIn(
        'part',
        securities.map(({ ts_code }) => part(ts_code)),
      )
      .pluck('part'),
  );
  const settled = until < (options.today ?? exchangeToday());
  const todo = securities.filter(({ ts_code }) => !done.has(part(ts_code)));
  const found: Difference[] = [];
  for (const [i, security] of todo.entries()) {
    const fetched = await securityLoads(db, client, security, datasets, options);
    const loads = options.check ? await keepStored(db, security.ts_code, fetched, options, found) : fetched;
    for (const [j, [source, records, loader]] of loads.entries()) {
      const last = j === loads.length - 1;
      await load(source, records, loader, {
        async beforeCommit(trx: Knex.Transaction) {
          if (last && settled)
            await trx('sync_progress').insert({
              api_name: PROGRESS_API,
              part: part(security.ts_code),
              rows: records.length,
              finished_at: toSqlDateTime(new Date()),
            });
        },
      });
    }
    options.onSecurity?.(i + 1, todo.length, security.ts_code);
  }
  // What the check found is kept as the audit's findings of this source (and what it no longer finds, resolved).
  if (options.check)
    await keepSourceDifferences(
      db,
      'baostock',
      found.map(({ baostock, ...difference }) => ({ ...difference, other: baostock })),
      { symbols: options.symbols ?? null, since: options.since, until: options.until },
      new Date(),
    );
  return {
    securities: todo.length,
    skipped: securities.length - todo.length,
    rows,
    differences: found,
    client: { ...client.stats },
    seconds: (performance.now() - started) / 1000,
  };
}

interface SecurityToSync {
  ts_code: string;
  kind: 'stock' | 'index';
}

/** The securities asked for, or every stock listed at some time in the range and the main indices in the store. */
async function securitiesToSync(db: Knex, { symbols, since, until }: BaostockSyncOptions): Promise<SecurityToSync[]> {
  if (symbols !== undefined) {
    const codes = symbols.map((symbol) => {
      const code = normalizeSymbol(symbol);
      if (code === null) throw new Error(`not a symbol: ${symbol}`);
      return code;
    });
    const kinds = new Map<string, string>(
      (await db('securities').whereIn('ts_code', codes).select('ts_code', 'kind')).map((row) => [
        row.ts_code,
        row.kind,
      ]),
    );
    return codes.map((ts_code) => ({ ts_code, kind: kinds.get(ts_code) === 'index' ? 'index' : 'stock' }));
  }
  const stocks: SecurityToSync[] = await db('securities')
    .where({ kind: 'stock' })
    .where((q) => q.whereNull('list_date').orWhere('list_date', '<=', until))
    .where((q) => q.whereNull('delist_date').orWhere('delist_date', '>=', since))
    .orderBy('ts_code')
    .select('ts_code', 'kind');
  const indices: SecurityToSync[] = await db('securities')
    .where({ kind: 'index' })
    .whereIn('ts_code', MAIN_INDICES)
    .orderBy('ts_code')
    .select('ts_code', 'kind');
  return [...stocks, ...indices];
}

type Load = [
  source: string,
  records: TushareRecord[],
  loader: TableLoader,
  table:
    | 'daily_basic'
    | 'daily_bars'
    | 'trading_halts'
    | 'adj_factors'
    | 'dividends'
    | 'quarterly_indicators'
    | 'five_minute_bars',
];

/**
 * `--check`: the records of days the store already holds are compared (differences into `found`) and left out
 * of the loads, so that only the days it lacks are written.
 */
async function keepStored(
  db: Knex,
  tsCode: string,
  loads: Load[],
  { since, until }: BaostockSyncOptions,
  found: Difference[],
): Promise<Load[]> {
  const stored: StoredDay[] = await db('daily_bars as b')
    .leftJoin('adj_factors as f', (join) => join.on('f.ts_code', 'b.ts_code').andOn('f.trade_date', 'b.trade_date'))
    .where('b.ts_code', tsCode)
    .whereBetween('b.trade_date', [since, until])
    .select('b.trade_date', 'b.close', 'b.vol', 'f.adj_factor');
  const numbers = stored.map((day) => ({
    ...day,
    close: day.close === null ? null : Number(day.close),
    vol: day.vol === null ? null : Number(day.vol),
    adj_factor: day.adj_factor === null ? null : Number(day.adj_factor),
  }));
  const recordsOf = (table: Load[3]) => loads.find((load) => load[3] === table)?.[1] ?? [];
  found.push(...differences(tsCode, numbers, recordsOf('daily_bars'), recordsOf('adj_factors')));
  const held = new Set(stored.map((day) => compact(day.trade_date)));
  return loads.map(([source, records, loader, table]) => [
    source,
    records.filter((record) => !held.has(record.trade_date!)),
    loader,
    table,
  ]);
}

/** What one security's sync loads, in order: valuations before bars (bars take their turnover from them), factors, then payouts. */
async function securityLoads(
  db: Knex,
  client: BaostockClient,
  { ts_code, kind }: SecurityToSync,
  datasets: Set<BaostockDataset>,
  { since, until }: BaostockSyncOptions,
): Promise<Load[]> {
  const code = baostockCodeOf(ts_code);
  const source = (what: string) => `baostock ${what} ${code} ${since}..${until}`;
  const stock = kind === 'stock';
  const wantsBars = datasets.has('daily') || (stock && datasets.has('valuation'));
  const days = wantsBars
    ? await client.query(QUERIES.history, [
        code,
        (stock ? STOCK_DAY_FIELDS : INDEX_DAY_FIELDS).join(','),
        since,
        until,
        'd',
        '3',
      ])
    : [];
  const loads: Load[] = [];
  if (stock && datasets.has('valuation'))
    loads.push([source('valuations'), valuationRecords(days), API.daily_basic.load, 'daily_basic']);
  if (datasets.has('daily'))
    loads.push([source('daily bars'), barRecords(days), (stock ? API.daily : API.index_daily).load, 'daily_bars']);
  // A day Baostock lists as suspended is no bar: it is a halt, so that the day's universe leaves the stock out.
  const halts = stock && datasets.has('daily') ? haltRecords(days) : [];
  if (halts.length > 0) loads.push([source('halts'), halts, API.suspend_d.load, 'trading_halts']);
  if (stock && datasets.has('factors')) {
    const events = await client.query(QUERIES.adjustFactor, [code, '1990-01-01', until]);
    // The days of the bars fetched now, or of those stored when only factors are asked.
    const traded = wantsBars
      ? tradedDays(days).map((day) => day.date!)
      : await db('daily_bars').where({ ts_code }).whereBetween('trade_date', [since, until]).pluck('trade_date');
    // The stored factor of the day before the range, from any source: Baostock's continue it.
    const before = await db('adj_factors')
      .where({ ts_code })
      .where('trade_date', '<', since)
      .orderBy('trade_date', 'desc')
      .first('trade_date', 'adj_factor');
    const continueFrom = before === undefined ? null : { date: before.trade_date, factor: Number(before.adj_factor) };
    loads.push([
      source('adjustment factors'),
      factorRecords(ts_code, events, traded, continueFrom),
      API.adj_factor.load,
      'adj_factors',
    ]);
  }
  if (stock && datasets.has('dividends')) {
    const plans = [];
    // Baostock files payout plans by the year of their announcement: every calendar year the range touches.
    for (const [start] of yearsOf(since, until))
      plans.push(...(await client.query(QUERIES.dividend, [code, start.slice(0, 4), 'report'])));
    loads.push([source('dividends'), dividendRecords(plans), API.dividend.load, 'dividends']);
  }
  if (stock && datasets.has('minutes')) {
    const bars = await client.query(QUERIES.history, [code, MINUTE_FIELDS.join(','), since, until, '5', '3']);
    loads.push([source('five-minute bars'), fiveMinuteRecords(bars), API.stk_mins_5min.load, 'five_minute_bars']);
  }
  if (stock && datasets.has('financials')) {
    const rows: TushareRecord[] = [];
    for (const { year, quarter } of quartersIn(since, until)) {
      const replies: Partial<Record<IndicatorQuery, BaostockRecord[]>> = {};
      for (const query of INDICATOR_QUERIES) replies[query] = await client.query(QUERIES[query], [code, year, quarter]);
      rows.push(...indicatorRecords(replies));
    }
    loads.push([source('quarterly indicators'), rows, datasetLoad(QUARTERLY_INDICATORS), 'quarterly_indicators']);
  }
  return loads;
}
