import type { Knex } from 'knex';
import { isGrantedApart, type ApiDescriptor } from '../../catalogue/apiDescriptor';
import { API_CATALOGUE } from '../../catalogue/apiCatalogue';
import { isWholePlan, type SyncPlan, type SyncRange } from '../../catalogue/syncPlans';
import { exchangeToday } from '../../domain/time/clock';
import { EXCHANGES } from '../../domain/reference/symbols';
import { toSqlDateTime } from '../../domain/time/dates';
import { rowRecords } from '../csvRecords';
import { loadRecords, nothingLoaded, resolvedLoad } from '../loadTable';
import { rejectionLines, type LoadOptions, type LoadResult } from '../../loaders/loaderTypes';
import { tushareClient, TushareError, type TushareCall, type TushareOptions, type TushareTable } from './tushareClient';

/** The apis the sync asks for, in the catalogue's order (reference data and the calendar first). */
const SYNCED = API_CATALOGUE.filter(
  (descriptor): descriptor is ApiDescriptor & { sync: SyncPlan } => !!descriptor.sync,
);

export const SYNC_APIS = SYNCED.map(({ api }) => api);

/**
 * The apis of ETFs, convertibles and Shenwan's indices, synced only when named (`--datasets fund_daily,…`):
 * Tushare grants them apart from the stocks' (fund_daily and sw_daily need 5,000 points, cb_price_chg a
 * permission of its own), so a sync of everything asks for the stocks' alone.
 */
export const INSTRUMENT_APIS = SYNCED.filter(isGrantedApart).map(({ api }) => api);

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

  for (const task of SYNCED) {
    if (!isWholePlan(task.sync) || !(task.sync.always || only.includes(task.api))) continue;
    for (const params of task.sync.whole({ ...options, today }))
      results.push(await fetchAndLoad(db, call, task, params));
  }

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
    // The exchanges' indices: index_daily serves no publisher's family (Shenwan's bars are sw_daily's).
    indexCodes: await db('securities')
      .where({ kind: 'index' })
      .whereIn('exchange', EXCHANGES)
      .orderBy('ts_code')
      .pluck('ts_code'),
    industryCodes: await db('industry_classes').where({ level: 1 }).orderBy('index_code').pluck('index_code'),
    stockCodes: await listedIn(db, 'stock', options),
    convertibleCodes: await listedIn(db, 'convertible', options),
    boardCodes: await db('concept_boards').where({ exchange: 'A' }).orderBy('ts_code').pluck('ts_code'),
  };
  for (const task of SYNCED.filter(({ api }) => only.includes(api))) {
    if (isWholePlan(task.sync)) continue;
    const parts = task.sync.parts(range);
    const done = new Set<string>();
    for (let i = 0; i < parts.length; i += 500) {
      const names = parts.slice(i, i + 500).map(({ part }) => part);
      for (const part of await db('sync_progress').where({ api_name: task.api }).whereIn('part', names).pluck('part'))
        done.add(part);
    }
    for (const { part, params, settlesOn } of parts.filter(({ part }) => !done.has(part))) {
      const result = await fetchAndLoad(db, call, task, params, {
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
  { api, endpoint = api, load }: ApiDescriptor,
  params: Record<string, string>,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const table = await call(endpoint, params);
  const source = `tushare ${endpoint} ${new URLSearchParams(params)}`;
  // An empty reply writes nothing and finishes no part, so it opens no transaction: an announcement api is
  // asked day by day, and most days answer nothing.
  if (table.items.length === 0) return nothingLoaded(source, (await resolvedLoad(db, load!)).table);
  return loadRecords(db, source, recordsOf(table), load!, options);
}

/** Reply rows as records of field → text. */
const recordsOf = ({ fields, items }: TushareTable) =>
  rowRecords(
    items.map((item) => Object.fromEntries(fields.map((field, i) => [field, item[i] == null ? '' : String(item[i])]))),
  );
