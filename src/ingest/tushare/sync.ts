import type { Knex } from 'knex';
import { toSqlDateTime } from '../../domain/dates';
import { loaderOf } from '../bundle';
import type { CsvRecord } from '../csvRecords';
import { loadRecords, type LoadOptions, type LoadResult } from '../loadTable';
import { tushareClient, TushareError, type TushareCall, type TushareOptions, type TushareTable } from './client';

/** Market-wide tables fetched one trade date per call, recorded in sync_progress when done. */
const PER_DATE_APIS = ['daily', 'adj_factor', 'daily_basic'];
/** Reference tables fetched whole on every run. */
const REFERENCE_APIS = ['stock_basic', 'trade_cal'];
export const SYNC_APIS = [...REFERENCE_APIS, ...PER_DATE_APIS];

export interface SyncOptions extends TushareOptions {
  from: string;
  to: string;
  /** Subset of SYNC_APIS; all when absent. The calendar of the range is always fetched. */
  only?: string[];
}

const compact = (isoDate: string) => isoDate.replaceAll('-', '');

/**
 * Pulls the range from Tushare into the same loaders as the CSV import. Each (api, trade date) is one
 * transaction that also records itself in sync_progress, so a rerun after a crash skips what was finished.
 */
export async function syncTushare(db: Knex, options: SyncOptions): Promise<LoadResult[]> {
  const only = options.only ?? SYNC_APIS;
  const unknown = only.filter((api) => !SYNC_APIS.includes(api));
  if (unknown.length > 0) throw new TushareError(`unknown API for sync: ${unknown.join(', ')} (known: ${SYNC_APIS.join(', ')})`);
  const call = tushareClient(options);
  const results: LoadResult[] = [];
  const log = options.log ?? (() => {});

  if (only.includes('stock_basic')) {
    for (const listStatus of ['L', 'D', 'P']) {
      results.push(await fetchAndLoad(db, call, 'stock_basic', { list_status: listStatus }));
    }
  }
  results.push(await fetchAndLoad(db, call, 'trade_cal', { exchange: 'SSE', start_date: compact(options.from), end_date: compact(options.to) }));

  const openDays: string[] = (
    await db('trade_calendar').where({ exchange: 'SSE', is_open: true }).whereBetween('cal_date', [options.from, options.to]).orderBy('cal_date').select('cal_date')
  ).map((row) => row.cal_date);
  for (const api of PER_DATE_APIS.filter((name) => only.includes(name))) {
    const done = new Set(
      (await db('sync_progress').where({ api_name: api }).whereBetween('part', [options.from, options.to]).select('part')).map((row) => row.part),
    );
    for (const day of openDays.filter((date) => !done.has(date))) {
      const result = await fetchAndLoad(db, call, api, { trade_date: compact(day) }, {
        // Only days with data count as finished: a day not yet published upstream is fetched again next run.
        async beforeCommit(trx, loaded) {
          if (loaded.rows > 0) await trx('sync_progress').insert({ api_name: api, part: day, rows: loaded.rows, finished_at: toSqlDateTime(new Date()) });
        },
      });
      log(`${api} ${day}: ${result.rows} rows`);
      results.push(result);
    }
  }
  return results;
}

async function fetchAndLoad(db: Knex, call: TushareCall, api: string, params: Record<string, string>, options: LoadOptions = {}): Promise<LoadResult> {
  const table = await call(api, params);
  const source = `tushare ${api} ${new URLSearchParams(params)}`;
  return loadRecords(db, source, recordsOf(table), loaderOf(api)!, options);
}

/** Reply rows as CSV-like records (line = item number + 1, as if the fields were a header line). */
async function* recordsOf({ fields, items }: TushareTable): AsyncGenerator<CsvRecord> {
  for (const [index, item] of items.entries()) {
    yield { line: index + 2, values: Object.fromEntries(fields.map((field, i) => [field, item[i] == null ? '' : String(item[i])])) };
  }
}
