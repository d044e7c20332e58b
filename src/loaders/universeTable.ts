import { UNIVERSE_SCOPES, type UniverseScope } from '../domain/market/universe';
import type { TableLoader } from './loaderTypes';
import { date, required, tsCode } from './fieldParsers';

/** The first session of the A-share market (the SSE opened on 1990-12-19): a line without a start is meant from it. */
const FIRST_SESSION = '1990-12-19';

/**
 * `universe.csv` (this project's layout, src/domain/market/universe.ts): the store's declared universe, a line
 * `scope,code,start_date,end_date` each: `market,*` (the whole market), `index,000300.SH` (its members, from
 * the stored `index_weight` snapshots) or `security,600519.SH`; dates optional (`YYYYMMDD` or `YYYY-MM-DD`,
 * the end on it). A file of lines replaces the declaration before it, in its transaction (`ashare universe
 * --market` empties it).
 */
export const universe: TableLoader = async () => {
  let cleared = false;
  return {
    table: 'universe_entries',
    key: ['scope', 'code', 'start_date'],
    columns: ['scope', 'code'],
    dataset: 'reference',
    toRow(values) {
      const scope = required(values, 'scope') as UniverseScope;
      if (!UNIVERSE_SCOPES.includes(scope))
        throw new Error(`scope must be one of ${UNIVERSE_SCOPES.join(', ')}: ${scope}`);
      const start = date(values, 'start_date') ?? FIRST_SESSION;
      const end = date(values, 'end_date');
      if (end !== null && end < start) throw new Error(`end_date ${end} before start_date ${start}`);
      return { scope, code: scope === 'market' ? '*' : tsCode(values, 'code'), start_date: start, end_date: end };
    },
    async beforeWrite(trx, rows) {
      if (!cleared) await trx('universe_entries').delete();
      cleared = true;
      return rows;
    },
  };
};
