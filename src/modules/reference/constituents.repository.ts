import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/api/pagination';
import type { MemberRow, WeightRow } from './reference.types';
import type { IndustryMatch } from '../../domain/reference/industryClassification';
import { swMembersOn } from '../common/industryMemberships.repository';

/** The latest constituent snapshot date of an index on or before `date`, null when there is none. */
export async function snapshotOn(db: Db, indexCode: string, date: string): Promise<string | null> {
  const row = await db('index_weights')
    .where('index_code', indexCode)
    .where('trade_date', '<=', date)
    .max({ trade_date: 'trade_date' })
    .first();
  return row?.trade_date ?? null;
}

export async function hasWeights(db: Db, indexCode: string): Promise<boolean> {
  return (await db('index_weights').where('index_code', indexCode).first('index_code')) !== undefined;
}

/** One page of a snapshot's members, heaviest first (then by code), and the snapshot's size. */
export async function snapshotMembers(
  db: Db,
  indexCode: string,
  tradeDate: string,
  window: PageRequest,
): Promise<{ rows: WeightRow[]; total: number }> {
  const snapshot = (): Knex.QueryBuilder =>
    db('index_weights as w').where({ 'w.index_code': indexCode, 'w.trade_date': tradeDate });
  const [rows, [{ total }]] = await Promise.all([
    snapshot()
      .leftJoin('securities as s', 's.ts_code', 'w.con_code')
      .orderBy([{ column: 'w.weight', order: 'desc' }, { column: 'w.con_code' }])
      .limit(window.limit)
      .offset(window.offset)
      .select('w.con_code', 's.name', 'w.weight'),
    snapshot().count({ total: '*' }),
  ]);
  return {
    rows: rows.map((row: WeightRow) => ({ ...row, weight: row.weight === null ? null : Number(row.weight) })),
    total: Number(total),
  };
}

export async function hasIndustryMembers(db: Db): Promise<boolean> {
  return (await db('industry_members').first('ts_code')) !== undefined;
}

export async function industryInList(db: Db, industry: string): Promise<boolean> {
  return (await db('securities').where({ kind: 'stock', industry }).first('ts_code')) !== undefined;
}

/** Without Shenwan data: the stocks of the stock list's industry listed on `date`. */
function listMembersOn(db: Db, industry: string, date: string): Knex.QueryBuilder {
  return db('securities as m')
    .where({ 'm.kind': 'stock', 'm.industry': industry })
    .where('m.list_date', '<=', date)
    .where((q) => q.whereNull('m.delist_date').orWhere('m.delist_date', '>', date));
}

/** A page of a query's rows in its order (`order`), and the count of all. */
export async function pageOf<T>(
  base: () => Knex.QueryBuilder,
  order: { column: string; order?: 'asc' | 'desc' }[],
  columns: (string | Knex.Raw)[],
  window: PageRequest,
): Promise<{ rows: T[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    base().orderBy(order).limit(window.limit).offset(window.offset).select(columns),
    base().count({ total: '*' }),
  ]);
  return { rows, total: Number(total) };
}

export function swMembers(db: Db, match: IndustryMatch, date: string, window: PageRequest) {
  const base = () => swMembersOn(db, match, date).leftJoin('securities as s', 's.ts_code', 'm.ts_code');
  return pageOf<MemberRow>(base, [{ column: 'm.ts_code' }], ['m.ts_code', 's.name', 'm.in_date', 'm.out_date'], window);
}

export function listMembers(db: Db, industry: string, date: string, window: PageRequest) {
  return pageOf<MemberRow>(
    () => listMembersOn(db, industry, date),
    [{ column: 'm.ts_code' }],
    ['m.ts_code', 'm.name', db.raw('null as in_date'), db.raw('null as out_date')],
    window,
  );
}
