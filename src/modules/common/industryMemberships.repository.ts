import type { Db } from '../../db/connection';
import { groupBy } from '../../domain/api/collections';
import type { IndustryMembership } from '../../domain/reference/industryClassification';

/**
 * Each stock's Shenwan memberships that began on or before `date` (industryOn picks the one in force), of the
 * stocks named or, with null, of every stock.
 */
export async function industryMemberships(
  db: Db,
  tsCodes: readonly string[] | null,
  date: string,
): Promise<Map<string, IndustryMembership[]>> {
  const query = db('industry_members').where('in_date', '<=', date);
  if (tsCodes !== null) query.whereIn('ts_code', [...tsCodes]);
  const rows: (IndustryMembership & { ts_code: string })[] = await query.select(
    'ts_code',
    'l1_name',
    'l2_name',
    'in_date',
    'out_date',
  );
  return groupBy(rows, (row) => row.ts_code);
}
