import type { Knex } from 'knex';
import type { DatasetSync } from '../../domain/tables/datasetDescriptor';
import { DATASET_DESCRIPTORS } from '../../domain/tables/datasetDescriptors';
import { exchangeToday } from '../../domain/time/clock';
import { toSqlDateTime } from '../../domain/time/dates';
import { calendarHorizon } from '../../domain/time/calendar';
import { loaderOf } from '../bundle';
import { rowRecords } from '../csvRecords';
import { loadRecords } from '../loadTable';
import { rejectionLines, type LoadOptions, type LoadResult } from '../loaderTypes';
import { tushareClient, TushareError, type TushareCall, type TushareOptions, type TushareTable } from './tushareClient';
import { compact, daysOf, monthsOf, reportingPeriodsOf, yearsOf, type SyncPart } from './syncParts';

/** Reference tables fetched whole on every run (index_basic per market: the indices of the three exchanges' codes). */
const REFERENCE_CALLS: [api: string, params: Record<string, string>[]][] = [
  ['stock_basic', [{ list_status: 'L' }, { list_status: 'D' }, { list_status: 'P' }]],
  ['index_basic', [{ market: 'SSE' }, { market: 'SZSE' }, { market: 'CSI' }]],
  ['stock_company', [{ exchange: 'SSE' }, { exchange: 'SZSE' }, { exchange: 'BSE' }]],
  // Shenwan 2021 has 31 + 134 + 346 industries, each level well under the 5,000 rows of one call.
  [
    'index_classify',
    [
      { level: 'L1', src: 'SW2021' },
      { level: 'L2', src: 'SW2021' },
      { level: 'L3', src: 'SW2021' },
    ],
  ],
  // Tonghuashun's A-share boards (about 1,300, under the 5,000 rows of one call).
  ['ths_index', [{ exchange: 'A' }]],
  // The exchange-traded funds (a few thousand, under fund_basic's 15,000) and every convertible bond.
  ['fund_basic', [{ market: 'E' }]],
  ['cb_basic', [{}]],
  // The Beijing Stock Exchange's old and 920xxx codes (248 pairs, doc 375), as code changes.
  ['bse_mapping', [{}]],
];

interface SyncRange {
  from: string;
  to: string;
  /** Open SSE days of the range, ascending. */
  openDays: string[];
  /** Index codes in securities (after index_basic). */
  indexCodes: string[];
  /** Level-1 Shenwan industry index codes (after index_classify). */
  industryCodes: string[];
  /** Stocks listed at some time in the range (after stock_basic). */
  stockCodes: string[];
  /** Tonghuashun's A-share boards (after ths_index). */
  boardCodes: string[];
  /** Convertible bonds listed at some time in the range (after cb_basic). */
  convertibleCodes: string[];
}

interface SyncTask {
  /** The loader (and CSV file) name; also what `--only` and sync_progress call it. */
  api: string;
  /** Tushare's endpoint when it differs from the loader's name (the whole-market `*_vip` statements). */
  endpoint?: string;
  parts(range: SyncRange): SyncPart[];
}

const perOpenDay =
  (param: string) =>
  ({ openDays }: SyncRange): SyncPart[] =>
    openDays.map((day) => ({ part: day, params: { [param]: compact(day) }, settlesOn: day }));

/** Every calendar day of the range: announcements and dividend plans are published on closed days too. */
const perCalendarDay =
  (param: string, prefix = '') =>
  ({ from, to }: SyncRange): SyncPart[] =>
    daysOf(from, to).map((day) => ({ part: `${prefix}${day}`, params: { [param]: compact(day) }, settlesOn: day }));

/** Reference data that changes at any time: fetched again on every run (never recorded as finished). */
const ALWAYS_AGAIN = '9999-12-31';

/**
 * One call per stock for the report periods of the range (the top-ten holders need a ts_code), finished once
 * the last period's reports are due.
 */
const perStockPeriods = ({ from, to, stockCodes }: SyncRange): SyncPart[] => {
  const settlesOn = reportingPeriodsOf(from, to).at(-1)?.dueOn ?? to;
  return stockCodes.map((code) => ({
    part: `${code} ${compact(from)}..${compact(to)}`,
    params: { ts_code: code, start_date: compact(from), end_date: compact(to) },
    settlesOn,
  }));
};

/** One call per quarter-end reporting period of the range, naming it in `param`; settled once its reports are due. */
const perReportingPeriod =
  (param: string) =>
  ({ from, to }: SyncRange): SyncPart[] =>
    reportingPeriodsOf(from, to).map(({ period, dueOn }) => ({
      part: period,
      params: { [param]: compact(period) },
      settlesOn: dueOn,
    }));

/** The parts of a dataset as its descriptor says it is fetched. */
const datasetParts = (sync: DatasetSync<string>): SyncTask['parts'] =>
  sync.per === 'stock-periods'
    ? perStockPeriods
    : sync.per === 'session'
      ? perOpenDay(sync.param)
      : perCalendarDay(sync.param);

/** Tables fetched part by part (a trade date, an index and a month, a reporting period), resumable. */
const TASKS: SyncTask[] = [
  // A stock's names, asked by ts_code: namechange's start_date/end_date filter on ann_date, which most rows lack
  // (tushare #1080, #1858), and the whole table asked at once misses a day's batch (tushare #1901). Asked again
  // for each new end of the range (part `code@to`): a name may have changed since.
  {
    api: 'namechange',
    parts: ({ to, stockCodes }) =>
      stockCodes.map((code) => ({ part: `${code}@${compact(to)}`, params: { ts_code: code }, settlesOn: to })),
  },
  { api: 'daily', parts: perOpenDay('trade_date') },
  // index_daily requires ts_code; a year of one index is ~245 rows, far below its 8,000-row cap per call.
  {
    api: 'index_daily',
    parts: ({ from, to, indexCodes }) =>
      indexCodes.flatMap((code) =>
        yearsOf(from, to).map(([start, end]) => ({
          part: `${code} ${compact(start)}..${compact(end)}`,
          params: { ts_code: code, start_date: compact(start), end_date: compact(end) },
          settlesOn: end,
        })),
      ),
  },
  { api: 'adj_factor', parts: perOpenDay('trade_date') },
  { api: 'fund_daily', parts: perOpenDay('trade_date') },
  { api: 'fund_adj', parts: perOpenDay('trade_date') },
  { api: 'cb_daily', parts: perOpenDay('trade_date') },
  { api: 'daily_basic', parts: perOpenDay('trade_date') },
  // Weights are published monthly; index_code is required.
  {
    api: 'index_weight',
    parts: ({ from, to, indexCodes }) =>
      indexCodes.flatMap((code) =>
        monthsOf(from, to).map(([start, end]) => ({
          part: `${code} ${compact(start).slice(0, 6)}`,
          params: { index_code: code, start_date: compact(start), end_date: compact(end) },
          settlesOn: end,
        })),
      ),
  },
  { api: 'income', endpoint: 'income_vip', parts: perReportingPeriod('period') },
  { api: 'balancesheet', endpoint: 'balancesheet_vip', parts: perReportingPeriod('period') },
  { api: 'cashflow', endpoint: 'cashflow_vip', parts: perReportingPeriod('period') },
  // The planned and actual dates of a period's reports (doc 162), asked by period.
  { api: 'disclosure_date', parts: perReportingPeriod('end_date') },
  // Dividends by ex-date (the events the price adjustments hang on, one open day per call) and by
  // announcement date, or proposals, which have no ex-date yet, would never arrive.
  {
    api: 'dividend',
    parts: (range) => [...perOpenDay('ex_date')(range), ...perCalendarDay('ann_date', 'ann ')(range)],
  },
  // index_member_all answers at most 2,000 rows per call: one level-1 industry at a time, current members
  // (is_new=Y) and past ones (N), or the history of membership is lost.
  {
    api: 'index_member_all',
    parts: ({ industryCodes }) =>
      industryCodes.flatMap((code) =>
        ['Y', 'N'].map((isNew) => ({
          part: `${code} ${isNew}`,
          params: { l1_code: code, is_new: isNew },
          settlesOn: ALWAYS_AGAIN,
        })),
      ),
  },
  { api: 'suspend_d', parts: perOpenDay('trade_date') },
  { api: 'anns_d', parts: perCalendarDay('ann_date') },
  // A board's members, asked board by board (ths_member answers one board's whole list), again on every run.
  {
    api: 'ths_member',
    parts: ({ boardCodes }) =>
      boardCodes.map((code) => ({ part: code, params: { ts_code: code }, settlesOn: ALWAYS_AGAIN })),
  },
  // A bond's conversion-price changes, asked bond by bond (Tushare requires ts_code), again on every run.
  {
    api: 'cb_price_chg',
    parts: ({ convertibleCodes }) =>
      convertibleCodes.map((code) => ({ part: code, params: { ts_code: code }, settlesOn: ALWAYS_AGAIN })),
  },
  ...DATASET_DESCRIPTORS.flatMap(({ api, sync }) => (sync ? [{ api, parts: datasetParts(sync) }] : [])),
];

export const SYNC_APIS = [...REFERENCE_CALLS.map(([api]) => api), 'trade_cal', ...TASKS.map((task) => task.api)];

/**
 * The apis of ETFs and convertibles, synced only when named (`--datasets fund_daily,…`): Tushare grants them
 * apart from the stocks' (fund_daily needs 5,000 points, cb_price_chg a permission of its own), so a sync of
 * everything asks for the stocks' alone.
 */
export const INSTRUMENT_APIS = [
  'fund_basic',
  'cb_basic',
  'fund_daily',
  'fund_adj',
  'cb_daily',
  ...DATASET_DESCRIPTORS.flatMap(({ api, kind }) => (kind ? [api] : [])),
];

/** The securities of a kind listed at some time in the range, by code. */
const listedIn = (db: Knex, kind: 'stock' | 'convertible', { from, to }: { from: string; to: string }) =>
  db('securities')
    .where({ kind })
    .where((q) => q.whereNull('list_date').orWhere('list_date', '<=', to))
    .where((q) => q.whereNull('delist_date').orWhere('delist_date', '>=', from))
    .orderBy('ts_code')
    .pluck('ts_code');

export interface SyncOptions extends TushareOptions {
  from: string;
  to: string;
  /** Subset of SYNC_APIS; all but INSTRUMENT_APIS when absent. The calendar of the range is always fetched. */
  only?: string[];
  /** Today (UTC, YYYY-MM-DD): parts that upstream may still extend are not recorded as finished. */
  today?: string;
}

/**
 * Pulls the range from Tushare into the same loaders as the CSV import. Each (api, part) is one
 * transaction that also records itself in sync_progress, so a rerun after a crash skips what was finished.
 */
export async function syncTushare(db: Knex, options: SyncOptions): Promise<LoadResult[]> {
  const only = options.only ?? SYNC_APIS.filter((api) => !INSTRUMENT_APIS.includes(api));
  const unknown = only.filter((api) => !SYNC_APIS.includes(api));
  if (unknown.length > 0)
    throw new TushareError(`unknown API for sync: ${unknown.join(', ')} (known: ${SYNC_APIS.join(', ')})`);
  const call = tushareClient(options);
  const results: LoadResult[] = [];
  const log = options.log ?? (() => {});
  const today = options.today ?? exchangeToday();

  for (const [api, calls] of REFERENCE_CALLS.filter(([name]) => only.includes(name))) {
    for (const params of calls) results.push(await fetchAndLoad(db, call, api, api, params));
  }
  results.push(
    await fetchAndLoad(db, call, 'trade_cal', 'trade_cal', {
      exchange: 'SSE',
      start_date: compact(options.from),
      end_date: compact(calendarHorizon(options.to, today)),
    }),
  );

  const range: SyncRange = {
    from: options.from,
    to: options.to,
    openDays: (
      await db('trade_calendar')
        .where({ exchange: 'SSE', is_open: true })
        .whereBetween('cal_date', [options.from, options.to])
        .orderBy('cal_date')
        .select('cal_date')
    ).map((row) => row.cal_date),
    indexCodes: await db('securities').where({ kind: 'index' }).orderBy('ts_code').pluck('ts_code'),
    industryCodes: await db('industry_classes').where({ level: 1 }).orderBy('index_code').pluck('index_code'),
    stockCodes: await listedIn(db, 'stock', options),
    convertibleCodes: await listedIn(db, 'convertible', options),
    boardCodes: await db('concept_boards').where({ exchange: 'A' }).orderBy('ts_code').pluck('ts_code'),
  };
  for (const task of TASKS.filter(({ api }) => only.includes(api))) {
    const parts = task.parts(range);
    const done = new Set<string>();
    for (let i = 0; i < parts.length; i += 500) {
      const names = parts.slice(i, i + 500).map(({ part }) => part);
      for (const part of await db('sync_progress').where({ api_name: task.api }).whereIn('part', names).pluck('part'))
        done.add(part);
    }
    for (const { part, params, settlesOn } of parts.filter(({ part }) => !done.has(part))) {
      const result = await fetchAndLoad(db, call, task.endpoint ?? task.api, task.api, params, {
        // Only parts with data and past their last change count as finished: the rest is fetched again next run.
        async beforeCommit(trx, loaded) {
          if (loaded.rows > 0 && settlesOn <= today)
            await trx('sync_progress').insert({
              api_name: task.api,
              part,
              rows: loaded.rows,
              finished_at: toSqlDateTime(new Date()),
            });
        },
      });
      log(`${task.api} ${part}: ${result.rows} rows`);
      for (const line of rejectionLines(result)) log(line);
      results.push(result);
    }
  }
  return results;
}

async function fetchAndLoad(
  db: Knex,
  call: TushareCall,
  endpoint: string,
  api: string,
  params: Record<string, string>,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const table = await call(endpoint, params);
  const source = `tushare ${endpoint} ${new URLSearchParams(params)}`;
  return loadRecords(db, source, recordsOf(table), loaderOf(api)!, options);
}

/** Reply rows as records of field → text. */
const recordsOf = ({ fields, items }: TushareTable) =>
  rowRecords(
    items.map((item) => Object.fromEntries(fields.map((field, i) => [field, item[i] == null ? '' : String(item[i])]))),
  );
