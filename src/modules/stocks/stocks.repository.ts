import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/pagination';

export interface SecurityRow {
  ts_code: string;
  symbol: string;
  kind: string;
  name: string;
  exchange: 'SSE' | 'SZSE' | 'BSE';
  industry: string | null;
  subindustry: string | null;
  area: string | null;
  list_date: string | null;
  delist_date: string | null;
  list_status: string;
  par_value: number | null;
  organization_code: string | null;
}

/** The company_profiles columns basic-info shows (Tushare `stock_company`); null without a profile. */
export interface ProfileColumns {
  introduction: string | null;
  website: string | null;
  office: string | null;
  chairman: string | null;
  manager: string | null;
  secretary: string | null;
  setup_date: string | null;
  reg_capital: number | null;
  business_scope: string | null;
}

export interface StockRow extends SecurityRow, ProfileColumns {
  total_mv: number | null;
  circ_mv: number | null;
  total_share: number | null;
  float_share: number | null;
}

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

export interface SearchRow {
  ts_code: string;
  symbol: string;
  name: string;
  exchange: 'SSE' | 'SZSE' | 'BSE';
  industry: string | null;
}

/** `!` escapes LIKE wildcards in both SQLite and MySQL. */
const escapeLike = (text: string) => text.replace(/[!%_]/g, '!$&');

/** Securities matching a keyword by code prefix, name or pinyin initials, best matches first. */
export async function searchSecurities(
  db: Db,
  keyword: string,
  window: PageRequest,
): Promise<{ rows: SearchRow[]; total: number }> {
  const spell = keyword.toUpperCase();
  const prefix = (text: string) => `${escapeLike(text)}%`;
  const matches = (query: Knex.QueryBuilder) =>
    query
      .where('ts_code', spell)
      .orWhereRaw("symbol like ? escape '!'", [prefix(keyword)])
      .orWhereRaw("name like ? escape '!'", [`%${escapeLike(keyword)}%`])
      .orWhereRaw("cnspell like ? escape '!'", [prefix(spell)]);
  const rank = db.raw(
    `case when symbol = ? or ts_code = ? then 0
          when name = ? or cnspell = ? then 1
          when symbol like ? escape '!' or name like ? escape '!' or cnspell like ? escape '!' then 2
          else 3 end as match_rank`,
    [keyword, spell, keyword, spell, prefix(keyword), prefix(keyword), prefix(spell)],
  );
  const [rows, [{ total }]] = await Promise.all([
    matches(db('securities').select('ts_code', 'symbol', 'name', 'exchange', 'industry', rank))
      .orderBy([{ column: 'match_rank' }, { column: 'list_status', order: 'desc' }, { column: 'ts_code' }])
      .limit(window.limit)
      .offset(window.offset),
    matches(db('securities').count({ total: '*' })),
  ]);
  return { rows, total: Number(total) };
}
