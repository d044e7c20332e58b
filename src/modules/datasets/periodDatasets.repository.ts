import type { Db } from '../../db/connection';
import type { TableLayout } from '../../domain/tables/tableLayout';
import { periodValueColumnsOf } from '../../domain/tables/datasetLayouts';
import type { PeriodDatasetQuery, PeriodDatasetRow } from './datasets.types';

/**
 * A period dataset's rows of the codes (or every security) for the periods between two days, point in time:
 * of each security and period only the latest announcement on or before `asOf` (a correction replaces the list
 * it corrects from its own announcement on), through the key (ts_code, end_date, ann_date, …).
 */
function announced(db: Db, layout: TableLayout<string>, { codes, begin, end, asOf }: PeriodDatasetQuery) {
  const latest = db(`${layout.table} as v`)
    .max('v.ann_date')
    .whereRaw('v.ts_code = t.ts_code')
    .whereRaw('v.end_date = t.end_date')
    .where('v.ann_date', '<=', asOf);
  const query = db(`${layout.table} as t`).whereBetween('t.end_date', [begin, end]).where('t.ann_date', latest);
  if (codes !== null) query.whereIn('t.ts_code', [...codes]);
  return query;
}

/**
 * One page of a period dataset's rows with the security's name and the count of all: newest period first for
 * one security, by code for a period's whole market; within a list by `rank` (descending) when it has one.
 */
export async function periodDatasetPage(
  db: Db,
  layout: TableLayout<string>,
  rank: string | null,
  query: PeriodDatasetQuery,
): Promise<{ rows: PeriodDatasetRow[]; total: number }> {
  const counted = await announced(db, layout, query).count({ total: '*' }).first();
  const rows = await announced(db, layout, query)
    .leftJoin('securities as s', 's.ts_code', 't.ts_code')
    .select([
      't.ts_code',
      't.end_date',
      't.ann_date',
      's.name',
      ...periodValueColumnsOf(layout).map((column) => `t.${column}`),
    ])
    .orderBy(
      query.codes === null
        ? [{ column: 't.ts_code' }, { column: 't.end_date', order: 'desc' }]
        : [{ column: 't.end_date', order: 'desc' }, { column: 't.ts_code' }],
    )
    .orderBy([
      ...(rank === null ? [] : [{ column: `t.${rank}`, order: 'desc' as const }]),
      ...layout.key
        .filter((column) => !['ts_code', 'end_date', 'ann_date'].includes(column))
        .map((column) => ({ column: `t.${column}` })),
    ])
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: Number(counted?.total ?? 0) };
}
