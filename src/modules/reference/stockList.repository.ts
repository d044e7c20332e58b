import type { Db } from '../../db/connection';
import type { UniverseSecurity } from '../../domain/reference/listedUniverse';
import { nameOnDate } from '../common/securityFilters.repository';

/** Every security's reference row: the stock list's universe in memory (ListedUniverse). */
export function universeSecurities(db: Db): Promise<UniverseSecurity[]> {
  return db('securities').select(
    'ts_code',
    'name',
    'kind',
    'exchange',
    'industry',
    'list_date',
    'delist_date',
    'list_status',
  );
}

/** The names of one page's securities on `date` (one backward step of the name_changes key each), by code. */
export async function namesOnDate(db: Db, codes: readonly string[], date: string): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows: Array<{ ts_code: string; name_then: string }> = await db('securities as s')
    .whereIn('s.ts_code', codes)
    .select('s.ts_code', nameOnDate(db, 's.ts_code', 's.name', date, 'name_then'));
  return new Map(rows.map((row) => [row.ts_code, row.name_then]));
}
