import { announcedValueColumnsOf, isOfSecurities, valueColumnsOf } from '../../domain/tables/datasetDescriptors';
import { publishedColumnOf } from '../../domain/tables/datasetDescriptor';
import type { TableLayout } from '../../domain/tables/tableLayout';
import type { RoutedDataset } from './datasetRoutes.catalog';
import type { AnnouncedDatasetRow, DatasetRow } from './datasets.types';

/**
 * A dataset row on the wire: the security, its name, the day, then the registry's value columns as stored
 * (store units); a dataset of markets has no security: the day, then its columns.
 */
export function toDatasetRow(layout: TableLayout<string>): (row: DatasetRow) => Record<string, string | number | null> {
  const columns = valueColumnsOf(layout);
  const securities = isOfSecurities(layout);
  return (row) => {
    const wire: Record<string, string | number | null> = securities
      ? { symbol: row.ts_code!, name: row.name ?? null, date: row.trade_date }
      : { date: row.trade_date };
    for (const column of columns) wire[column] = row[column] ?? null;
    return wire;
  };
}

/** An announced dataset row on the wire: the security, its name, the day under the route's name, the announcement, then the registry's value columns. */
export function toAnnouncedDatasetRow(
  dataset: RoutedDataset<'announcement'>,
): (row: AnnouncedDatasetRow) => Record<string, string | number | null> {
  const { route } = dataset;
  const published = publishedColumnOf(route);
  const columns = announcedValueColumnsOf(dataset, route);
  return (row) => {
    const wire: Record<string, string | number | null> = {
      symbol: row.ts_code,
      name: row.name,
      [route.wire]: row.day,
      [published]: row.ann_date,
    };
    for (const column of columns) wire[column] = row[column] ?? null;
    return wire;
  };
}
