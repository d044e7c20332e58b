import type { Db } from '../../db/connection';
import { groupBy } from '../../domain/api/collections';
import type { Knex } from 'knex';
import type { IndustryMatch, IndustryMembership } from '../../domain/reference/industryClassification';

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

/**
 * The Shenwan industry an `industry` parameter names: its index code (e.g. 801120.SI) or its name, at the
 * given level or else the first level (1, 2, 3) where it matches; null when no membership row has it.
 */
export async function findIndustry(db: Db, industry: string, level?: 1 | 2 | 3): Promise<IndustryMatch | null> {
  for (const n of level ? [level] : ([1, 2, 3] as const)) {
    const row = await db('industry_members')
      .where((q) => q.where(`l${n}_code`, industry).orWhere(`l${n}_name`, industry))
      .first({ code: `l${n}_code`, name: `l${n}_name` });
    if (row) return { level: n, code: row.code, name: row.name };
  }
  return null;
}

/** Members on `date`: in on or before it, out after it (the out_date is the first day outside). */
export function swMembersOn(db: Db, match: IndustryMatch, date: string): Knex.QueryBuilder {
  return db('industry_members as m')
    .where(`m.l${match.level}_code`, match.code)
    .where('m.in_date', '<=', date)
    .where((q) => q.whereNull('m.out_date').orWhere('m.out_date', '>', date));
}

/** The codes of a Shenwan industry's members on `date`. */
export async function swMemberCodes(db: Db, match: IndustryMatch, date: string): Promise<Set<string>> {
  return new Set(await swMembersOn(db, match, date).distinct('m.ts_code').pluck('m.ts_code'));
}

/**
 * An `industry` filter resolved on `date`: a Shenwan industry a membership names (index code or name, any level)
 * becomes its members that day; another stays the stock list's label.
 */
export async function industryFilterOn(
  db: Db,
  industry: string | undefined,
  date: string,
): Promise<{ industry?: string; members?: ReadonlySet<string> }> {
  const sw = industry === undefined ? null : await findIndustry(db, industry);
  return sw === null ? { industry } : { industry: undefined, members: await swMemberCodes(db, sw, date) };
}
