import { isOfSecurities, periodValueColumnsOf, valueColumnsOf } from '../../domain/tables/datasetLayouts';
import type { TableLayout } from '../../domain/tables/tableLayout';
import type { DatasetRow, PeriodDatasetRow } from './datasets.types';

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

/** A period dataset row on the wire: the security, its name, the period and its announcement, then the registry's value columns. */
export function toPeriodDatasetRow(
  layout: TableLayout<string>,
): (row: PeriodDatasetRow) => Record<string, string | number | null> {
  const columns = periodValueColumnsOf(layout);
  return (row) => {
    const wire: Record<string, string | number | null> = {
      symbol: row.ts_code,
      name: row.name,
      period: row.end_date,
      ann_date: row.ann_date,
    };
    for (const column of columns) wire[column] = row[column] ?? null;
    return wire;
  };
}
