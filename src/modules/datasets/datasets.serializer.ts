import { valueColumnsOf } from '../../domain/tables/datasetLayouts';
import type { TableLayout } from '../../domain/tables/tableLayout';
import type { DatasetRow } from './datasets.types';

/**
 * A dataset row on the wire: the security, its name, the day, then the registry's value columns in the store's
 * units, numbers as numbers and text as text (by each column's kind in the registry).
 */
export function toDatasetRow(layout: TableLayout<string>): (row: DatasetRow) => Record<string, string | number | null> {
  const columns = valueColumnsOf(layout).map((column) => [column, ['number', 'integer'].includes(layout.columns[column]!.kind)] as const);
  return (row) => {
    const wire: Record<string, string | number | null> = { symbol: row.ts_code, name: row.name, date: String(row.trade_date).slice(0, 10) };
    for (const [column, numeric] of columns) {
      const value = row[column];
      wire[column] = value === null || value === undefined ? null : numeric ? Number(value) : String(value);
    }
    return wire;
  };
}
