import type { Db } from '../../db/connection';
import { publishedColumnOf } from '../../domain/tables/datasetDescriptor';
import { announcedValueColumnsOf } from '../../domain/tables/datasetDescriptors';
import { SEQ } from '../../domain/tables/tableLayout';
import type { RoutedDataset } from './datasetRoutes.catalog';
import { nameOf } from './datasets.repository';
import type { AnnouncedDatasetQuery, AnnouncedDatasetRow } from './datasets.types';

/**
 * An announced dataset's rows of the codes (or every security) for the days (report periods, unlock days)
 * between two dates, point in time: of each security and day only the latest announcement on or before `asOf`
 * (a correction replaces what it corrects from its own announcement on), through the key (ts_code, day, ann_date, …).
 */
function announced(db: Db, { table, route }: RoutedDataset<'announcement'>, query: AnnouncedDatasetQuery) {
  const published = publishedColumnOf(route);
  const latest = db(`${table} as v`)
    .max(`v.${published}`)
    .whereRaw('v.ts_code = t.ts_code')
    .whereRaw(`v.${route.date} = t.${route.date}`)
    .where(`v.${published}`, '<=', query.asOf);
  const rows = db(`${table} as t`)
    .whereBetween(`t.${route.date}`, [query.begin, query.end])
    .where(`t.${published}`, latest);
  if (query.codes !== null) rows.whereIn('t.ts_code', [...query.codes]);
  return rows;
}

/**
 * One page of an announced dataset's rows with the security's name and the count of all: newest day first for
 * one security, by code for a day's whole market; within a list by `rank` (descending) when it has one.
 */
export async function announcedDatasetPage(
  db: Db,
  dataset: RoutedDataset<'announcement'>,
  query: AnnouncedDatasetQuery,
): Promise<{ rows: AnnouncedDatasetRow[]; total: number }> {
  const { date, rank } = dataset.route;
  const published = publishedColumnOf(dataset.route);
  const counted = await announced(db, dataset, query).count({ total: '*' }).first();
  const rows = await announced(db, dataset, query)
    .leftJoin('securities as s', 's.ts_code', 't.ts_code')
    .select([
      't.ts_code',
      `t.${date} as day`,
      `t.${published} as ann_date`,
      nameOf(db, dataset),
      ...announcedValueColumnsOf(dataset, dataset.route).map((column) => `t.${column}`),
    ])
    .orderBy(
      query.codes === null
        ? [{ column: 't.ts_code' }, { column: `t.${date}`, order: 'desc' }]
        : [{ column: `t.${date}`, order: 'desc' }, { column: 't.ts_code' }],
    )
    .orderBy([
      ...(rank === null ? [] : [{ column: `t.${rank}`, order: 'desc' as const }]),
      ...dataset.key
        .filter((column) => !['ts_code', date, published].includes(column))
        .map((column) => ({ column: `t.${column}` })),
      ...(dataset.numbered ? [{ column: `t.${SEQ}` }] : []),
    ])
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: Number(counted?.total ?? 0) };
}
