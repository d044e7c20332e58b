import type { Db } from '../../db/connection';
import type { SearchableSecurity } from '../../domain/securitySearch';
import type { ProfileColumns, StockRow } from './stocks.types';

const PROFILE_COLUMNS = ['introduction', 'website', 'office', 'chairman', 'manager', 'secretary', 'setup_date', 'reg_capital', 'business_scope'] as const satisfies readonly (keyof ProfileColumns)[];

/** Securities by standard code, each with its profile and latest valuation row (one query, primary-key lookups). */
export async function findStocks(db: Db, tsCodes: string[]): Promise<StockRow[]> {
  return db('securities as s')
    .leftJoin('daily_basic as b', (join) => {
      join
        .on('b.ts_code', 's.ts_code')
        .andOn('b.trade_date', db.raw('(select max(d.trade_date) from daily_basic d where d.ts_code = s.ts_code)'));
    })
    .leftJoin('company_profiles as p', 'p.ts_code', 's.ts_code')
    .whereIn('s.ts_code', tsCodes)
    .select('s.*', 'b.total_mv', 'b.circ_mv', 'b.total_share', 'b.float_share', ...PROFILE_COLUMNS.map((column) => `p.${column}`));
}

/** What search reads of a security (its full pinyin written on import); the index adds the former names. */
export type SearchSourceRow = Omit<SearchableSecurity, 'pinyin' | 'former_names'> & { pinyin: string | null };

/** Every security with what search matches and shows (two table scans, once per reference data version). */
export async function searchSources(db: Db): Promise<{ securities: SearchSourceRow[]; formerNames: { ts_code: string; name: string }[] }> {
  const [securities, formerNames] = await Promise.all([
    db('securities').select('ts_code', 'symbol', 'name', 'exchange', 'industry', 'list_status', 'cnspell', 'pinyin'),
    db('name_changes').distinct('ts_code', 'name'),
  ]);
  return { securities, formerNames };
}
