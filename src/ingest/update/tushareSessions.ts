import { datasetsOf } from '../../domain/market/coverage';
import { DATASET_DESCRIPTORS } from '../../domain/tables/datasetDescriptors';
import { syncTushare } from '../tushare/tushareSync';
import type { TushareOptions } from '../tushare/tushareClient';
import type { SessionSource } from './sessionSource';

/**
 * The per-day Tushare APIs an update asks for a session: the coverage datasets Tushare fills, every dataset of
 * stocks its descriptor says is fetched per session, and the halts.
 */
const SESSION_APIS = [
  ...new Set([
    ...datasetsOf('tushare').map((dataset) => dataset.name),
    ...DATASET_DESCRIPTORS.flatMap(({ api, sync, kind }) => (sync?.per === 'session' && !kind ? [api] : [])),
    'suspend_d',
  ]),
];

/**
 * Tushare Pro as the update's source: a session is the sync of that one day (one call per API, the whole
 * market each), its finished parts forgotten first so that a partial day is asked again.
 */
export function tushareSessions(options: TushareOptions): SessionSource {
  return {
    name: 'tushare',
    async refresh(db, since, until) {
      await syncTushare(db, { ...options, from: since, to: until, only: ['stock_basic'] });
    },
    async loadSession(db, day, _lacking, today) {
      await db('sync_progress').whereIn('api_name', SESSION_APIS).where({ part: day }).delete();
      const results = await syncTushare(db, { ...options, from: day, to: day, today, only: SESSION_APIS });
      return { rows: results.reduce((sum, result) => sum + result.rows, 0), path: 'by-date' };
    },
    async finish(db, first, last, today) {
      await syncTushare(db, { ...options, from: first, to: last, today, only: ['index_daily'] });
    },
  };
}
