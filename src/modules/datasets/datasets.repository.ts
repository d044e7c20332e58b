import type { Db } from '../../db/connection';
import type { TableLayout } from '../../domain/tables/tableLayout';
import { whereHidden, whereVisible } from '../common/visibleRows.repository';
import { isOfSecurities, valueColumnsOf } from '../../domain/tables/datasetDescriptors';
import type { DatasetQuery, DatasetRow } from './datasets.types';

/** A dataset's rows of the codes (or every security) between two days, with its own parameters' values. */
function matching(db: Db, layout: TableLayout<string>, { codes, begin, end, equals }: DatasetQuery) {
  const query = db(`${layout.table} as t`).whereBetween('t.trade_date', [begin, end]);
  if (codes !== null) query.whereIn('t.ts_code', [...codes]);
  for (const [column, value] of Object.entries(equals)) query.where(`t.${column}`, value);
  return query;
}

/**
 * One page of a dataset's rows the plan sees (`through`: its newest visible trade date; null: all) with the
 * security's name and the count of all, newest first for one security, by code for a day: the key's index
 * (ts_code, trade_date) for one security, the date-led one for the whole market. A dataset of markets (no
 * securities: margin totals) is read newest day first.
 */
export async function datasetPage(
  db: Db,
  layout: TableLayout<string>,
  query: DatasetQuery,
  through: string | null,
): Promise<{ rows: DatasetRow[]; total: number }> {
  const visible = () => whereVisible(matching(db, layout, query), 't.trade_date', through);
  const counted = await visible().count({ total: '*' }).first();
  const values = valueColumnsOf(layout).map((column) => `t.${column}`);
  const page = isOfSecurities(layout)
    ? visible()
        .leftJoin('securities as s', 's.ts_code', 't.ts_code')
        .select(['t.ts_code', 't.trade_date', nameOf(db, layout), ...values])
        .orderBy(
          query.codes === null
            ? [{ column: 't.ts_code' }, { column: 't.trade_date', order: 'desc' }]
            : [{ column: 't.trade_date', order: 'desc' }, { column: 't.ts_code' }],
        )
    : visible()
        .select(['t.trade_date', ...values])
        .orderBy('t.trade_date', 'desc');
  const rows = await page
    // The rest of the key (northbound holdings: the channel), so that a page boundary never splits a tie.
    .orderBy(
      layout.key.filter((column) => column !== 'ts_code' && column !== 'trade_date').map((column) => `t.${column}`),
    )
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The name of the row's day where the source sent one (rows stored before it was kept: the security's). */
export const nameOf = (db: Db, layout: TableLayout<string>) =>
  'name' in layout.columns ? db.raw('coalesce(t.name, s.name) as name') : 's.name';

/** The first trading day of the query that the plan does not see yet, or null. */
export async function firstHiddenDay(
  db: Db,
  layout: TableLayout<string>,
  query: DatasetQuery,
  through: string,
): Promise<string | null> {
  const row = await whereHidden(matching(db, layout, query), 't.trade_date', through)
    .min({ day: 't.trade_date' })
    .first();
  return row?.day ? String(row.day).slice(0, 10) : null;
}
