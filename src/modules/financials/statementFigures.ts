import type { Figures } from '../../domain/ttm';
import type { StatementRow } from './financials.repository';

/** Wire field → Tushare column of a statement table. */
export type ColumnMap = Readonly<Record<string, string>>;

/** A statement row → its numeric figures under the wire names. */
export function figuresOf(row: StatementRow, columns: ColumnMap): Record<string, number | null> {
  const figures: Record<string, number | null> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = row[column];
    figures[field] = typeof value === 'number' ? value : null;
  }
  return figures;
}

/** Null for every field: a period whose figures cannot be given. */
export function emptyFigures(fields: readonly string[]): Figures {
  return Object.fromEntries(fields.map((field) => [field, null]));
}
