import type { Knex } from 'knex';
import { addDays } from '../../domain/time/calendar';
import { MAIN_INDICES } from '../../domain/market/mainIndices';
import { API } from '../../catalogue/apiCatalogue';
import type { ApiDescriptor } from '../../catalogue/apiDescriptor';
import { rowRecords } from '../csvRecords';
import { loadRecords } from '../loadTable';
import {
  BaostockError,
  BLACKLISTED,
  QUERIES,
  type BaostockClient,
  type BaostockRecord,
} from '../baostock/baostockClient';
import {
  barRecords,
  baostockCodeOf,
  factorRecords,
  haltRecords,
  tradedDays,
  tsCodeOf,
  valuationRecords,
  type TushareRecord,
} from '../baostock/layout';
import { syncBaostock } from '../baostock/baostockSync';
import { compact } from '../../domain/time/syncPeriods';
import type { SessionSource } from './sessionSource';

/**
 * Baostock as the update's source. A session is asked by date where the server answers it: every A-share's
 * bars and valuations in one request (query_daily_history_k_AStock, 98 → 99) and the day's factor events in
 * another (query_daily_adjust_factor, 9C → 9D); a stock's factor is carried from its previous session unless
 * the day is its ex-date or the store holds none before (then its events are asked, one request). Where either
 * by-date query answers an error, the session falls back to the per-security requests (two a security), for
 * the stocks it lacks only.
 */
export function baostockSessions(client: BaostockClient): SessionSource {
  return {
    name: 'baostock',
    async refresh(db, since, until) {
      await syncBaostock(db, client, { since, until, symbols: [], datasets: ['calendar', 'reference'] });
    },
    async loadSession(db, day, lacking, today) {
      const byDate = await dayOfMarket(client, day);
      if (byDate === null) {
        const summary = await syncBaostock(db, client, {
          since: day,
          until: day,
          today,
          symbols: lacking,
          datasets: ['daily', 'factors', 'valuation'],
        });
        return { rows: Object.values(summary.rows).reduce((sum, n) => sum + n, 0), path: 'per-security' };
      }
      const load = (what: string, records: TushareRecord[], { load: loader }: ApiDescriptor) =>
        loadRecords(db, `baostock ${what} of ${day}`, rowRecords(records), loader!);
      // Valuations before bars: a bar takes its turnover from the day's valuation.
      const loaded = [
        await load('valuations', valuationRecords(byDate.bars), API.daily_basic),
        await load('daily bars', barRecords(byDate.bars), API.daily),
        await load('halts', haltRecords(byDate.bars), API.suspend_d),
        await load('adjustment factors', await dayFactors(db, client, day, byDate), API.adj_factor),
      ];
      return { rows: loaded.reduce((sum, result) => sum + result.rows, 0), path: 'by-date' };
    },
    async finish(db, first, last, today) {
      // Each main index from the day after its last bar (within the window), a request each.
      const indices: string[] = await db('securities')
        .where({ kind: 'index' })
        .whereIn('ts_code', MAIN_INDICES)
        .orderBy('ts_code')
        .pluck('ts_code');
      const bars: Array<{ ts_code: string; last: unknown }> = await db('daily_bars')
        .whereIn('ts_code', indices)
        .groupBy('ts_code')
        .select('ts_code')
        .max({ last: 'trade_date' });
      const lastBars = new Map(bars.map((row) => [row.ts_code, String(row.last)]));
      for (const code of indices) {
        const after = lastBars.get(code);
        const since = after === undefined || addDays(after, 1) < first ? first : addDays(after, 1);
        if (since <= last)
          await syncBaostock(db, client, { since, until: last, today, symbols: [code], datasets: ['daily'] });
      }
    },
  };
}

/** A day of the whole market by date, or null when the server answers either by-date query with an error. */
async function dayOfMarket(
  client: BaostockClient,
  day: string,
): Promise<{ bars: BaostockRecord[]; events: BaostockRecord[] } | null> {
  try {
    const bars = (await client.query(QUERIES.dayOfStocks, [day])).filter((record) => record.date === day);
    const events = await client.query(QUERIES.dayOfFactors, [day]);
    return { bars, events };
  } catch (err) {
    if (err instanceof BaostockError && err.code !== undefined && err.code !== BLACKLISTED) return null;
    throw err;
  }
}

/**
 * The day's factor of each stock that traded: carried from the stored factor of the session before, or, on
 * the stock's ex-date or without a stored factor before, from its events (continuing the stored series).
 */
async function dayFactors(
  db: Knex,
  client: BaostockClient,
  day: string,
  { bars, events }: { bars: BaostockRecord[]; events: BaostockRecord[] },
): Promise<TushareRecord[]> {
  const exDates = new Set(
    events.filter((event) => event.dividOperateDate === day).map((event) => tsCodeOf(event.code!)),
  );
  const codes = tradedDays(bars).map((bar) => tsCodeOf(bar.code!));
  const before = await latestFactorsBefore(db, day, codes);
  const records: TushareRecord[] = [];
  for (const code of codes) {
    const stored = before.get(code);
    if (stored !== undefined && !exDates.has(code)) {
      records.push({ ts_code: code, trade_date: compact(day), adj_factor: String(stored.factor) });
      continue;
    }
    const history = await client.query(QUERIES.adjustFactor, [baostockCodeOf(code), '1990-01-01', day]);
    records.push(...factorRecords(code, history, [day], stored ?? null));
  }
  return records;
}

/**
 * The stored factor of each code on its latest day before `day`, looked for in the month before (a stock
 * suspended longer asks its events again, as one without any does).
 */
async function latestFactorsBefore(
  db: Knex,
  day: string,
  codes: readonly string[],
): Promise<Map<string, { date: string; factor: number }>> {
  const latest = new Map<string, { date: string; factor: number }>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db('adj_factors')
      .whereIn('ts_code', codes.slice(i, i + 500))
      .where('trade_date', '<', day)
      .where('trade_date', '>=', addDays(day, -31))
      .orderBy('trade_date')
      .select('ts_code', 'trade_date', 'adj_factor');
    for (const row of rows) latest.set(row.ts_code, { date: String(row.trade_date), factor: Number(row.adj_factor) });
  }
  return latest;
}
