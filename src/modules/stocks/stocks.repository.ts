import type { Db } from '../../db/connection';
import { whereVisible } from '../common/visibleRows.repository';
import type { SearchableSecurity } from '../../domain/reference/securitySearch';
import type { ProfileColumns, StockRow } from './stocks.types';
import type { IndustryMembership } from '../../domain/reference/industryClassification';
import { industryMemberships } from '../common/industryMemberships.repository';

const PROFILE_COLUMNS = [
  'introduction',
  'website',
  'office',
  'chairman',
  'manager',
  'secretary',
  'setup_date',
  'reg_capital',
  'business_scope',
] as const satisfies readonly (keyof ProfileColumns)[];

/**
 * Securities by standard code, each with its profile and latest valuation row the plan sees (`through`: its
 * daily cut-off), one query of primary-key lookups.
 */
export async function findStocks(
  db: Db,
  tsCodes: string[],
  through: string | null,
): Promise<Omit<StockRow, 'industry_classification'>[]> {
  const latestValuation = whereVisible(
    db('daily_basic as d').max('d.trade_date').whereRaw('d.ts_code = s.ts_code'),
    'd.trade_date',
    through,
  );
  return db('securities as s')
    .leftJoin('daily_basic as b', (join) => {
      join.on('b.ts_code', 's.ts_code').andOn('b.trade_date', db.raw('(?)', [latestValuation]));
    })
    .leftJoin('company_profiles as p', 'p.ts_code', 's.ts_code')
    .whereIn('s.ts_code', tsCodes)
    .select(
      's.*',
      'b.total_mv',
      'b.circ_mv',
      'b.total_share',
      'b.float_share',
      ...PROFILE_COLUMNS.map((column) => `p.${column}`),
    );
}

/** What search reads of a security (its full pinyin written on import); the index adds the former names and industry. */
export type SearchSourceRow = Omit<SearchableSecurity, 'pinyin' | 'former_names' | 'industry_classification'> & {
  pinyin: string | null;
};

/**
 * Every security with what search matches and shows, and the Shenwan memberships begun by `date` (three table
 * scans, once per reference data version).
 */
export async function searchSources(
  db: Db,
  date: string,
): Promise<{
  securities: SearchSourceRow[];
  formerNames: { ts_code: string; name: string }[];
  memberships: Map<string, IndustryMembership[]>;
}> {
  const [securities, formerNames, memberships] = await Promise.all([
    db('securities').select('ts_code', 'symbol', 'name', 'exchange', 'industry', 'list_status', 'cnspell', 'pinyin'),
    db('name_changes').distinct('ts_code', 'name'),
    industryMemberships(db, null, date),
  ]);
  return { securities, formerNames, memberships };
}
