import { API, API_CATALOGUE } from '../../catalogue/apiCatalogue';
import { asksPerSession } from '../../catalogue/syncPlans';
import { isGrantedApart } from '../../catalogue/apiDescriptor';
import { syncTushare } from '../tushare/tushareSync';
import type { TushareOptions } from '../tushare/tushareClient';
import type { SessionSource } from './sessionSource';

/**
 * The per-day Tushare APIs an update asks for a session: every api of stocks the sync asks session by session
 * (the coverage's daily datasets among them, and the halts); those Tushare grants apart are synced by name only.
 */
const SESSION_APIS = API_CATALOGUE.flatMap((entry) =>
  asksPerSession(entry.sync) && !isGrantedApart(entry) ? [entry.api] : [],
);

/**
 * Tushare Pro as the update's source: a session is the sync of that one day (one call per API, the whole
 * market each), its finished parts forgotten first so that a partial day is asked again; the listings
 * before, the indices' bars (asked a year per call) after.
 */
export function tushareSessions(options: TushareOptions): SessionSource {
  return {
    name: 'tushare',
    async refresh(db, since, until) {
      await syncTushare(db, { ...options, from: since, to: until, only: [API.stock_basic.api] });
    },
    async loadSession(db, day, _lacking, today) {
      await db('sync_progress').whereIn('api_name', SESSION_APIS).where({ part: day }).delete();
      const results = await syncTushare(db, { ...options, from: day, to: day, today, only: SESSION_APIS });
      return { rows: results.reduce((sum, result) => sum + result.rows, 0), path: 'by-date' };
    },
    async finish(db, first, last, today) {
      await syncTushare(db, { ...options, from: first, to: last, today, only: [API.index_daily.api] });
    },
  };
}
