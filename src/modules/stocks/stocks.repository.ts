import type { Db } from '../../db/connection';

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
  description: string | null;
  website: string | null;
  address: string | null;
  chairman: string | null;
  general_manager: string | null;
  secretary: string | null;
  established_date: string | null;
  registered_capital: number | null;
  organization_code: string | null;
  business_scope: string | null;
}

export interface StockRow extends SecurityRow {
  total_mv: number | null;
  circ_mv: number | null;
  total_share: number | null;
  float_share: number | null;
}

/** Securities by standard code, each with its latest valuation row (one query, primary-key lookups). */
export async function findStocks(db: Db, tsCodes: string[]): Promise<StockRow[]> {
  return db('securities as s')
    .leftJoin('daily_basic as b', (join) => {
      join
        .on('b.ts_code', 's.ts_code')
        .andOn('b.trade_date', db.raw('(select max(d.trade_date) from daily_basic d where d.ts_code = s.ts_code)'));
    })
    .whereIn('s.ts_code', tsCodes)
    .select('s.*', 'b.total_mv', 'b.circ_mv', 'b.total_share', 'b.float_share');
}

export interface SearchSourceRow {
  ts_code: string;
  symbol: string;
  name: string;
  exchange: 'SSE' | 'SZSE' | 'BSE';
  industry: string | null;
  list_status: string;
  cnspell: string | null;
}

/** Every security with what search matches and shows (two table scans, once per reference data version). */
export async function searchSources(db: Db): Promise<{ securities: SearchSourceRow[]; formerNames: { ts_code: string; name: string }[] }> {
  const [securities, formerNames] = await Promise.all([
    db('securities').select('ts_code', 'symbol', 'name', 'exchange', 'industry', 'list_status', 'cnspell'),
    db('name_changes').distinct('ts_code', 'name'),
  ]);
  return { securities, formerNames };
}

/** Old codes → the codes they became (restructuring, board transfer), following chains of changes. */
export async function followCodeChanges(db: Db, oldCodes: string[]): Promise<Map<string, string>> {
  const current = new Map(oldCodes.map((code) => [code, code]));
  let pending = oldCodes;
  for (let hop = 0; hop < 5 && pending.length > 0; hop++) {
    const changes: Array<{ old_code: string; new_code: string }> = await db('code_changes')
      .whereIn('old_code', pending)
      .orderBy('change_date')
      .select('old_code', 'new_code');
    const next = new Map(changes.map((change) => [change.old_code, change.new_code]));
    for (const [requested, code] of current) if (next.has(code)) current.set(requested, next.get(code)!);
    pending = [...next.values()];
  }
  for (const [requested, code] of current) if (code === requested) current.delete(requested);
  return current;
}

/** Requested code → its stock; an old code answers with the security it became. Unknown codes are absent. */
export async function findStocksFollowingCodeChanges(db: Db, tsCodes: string[]): Promise<Map<string, StockRow>> {
  const found = new Map((await findStocks(db, tsCodes)).map((row) => [row.ts_code, row]));
  const missing = tsCodes.filter((code) => !found.has(code));
  if (missing.length === 0) return found;
  const renamed = await followCodeChanges(db, missing);
  const successors = new Map((await findStocks(db, [...new Set(renamed.values())])).map((row) => [row.ts_code, row]));
  for (const [oldCode, newCode] of renamed) if (successors.has(newCode)) found.set(oldCode, successors.get(newCode)!);
  return found;
}
