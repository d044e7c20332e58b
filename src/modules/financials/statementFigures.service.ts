import { arrayRecordReader } from '../../domain/api/fields';
import type { Figures } from '../../domain/statements/ttm';
import { FIGURES_AT, type StatementRow } from './financials.repository';

/** Wire field → Tushare column of a statement table. */
export type ColumnMap = Readonly<Record<string, string>>;

/**
 * Reads a statement row's numeric figures under the wire names, the row's figures read in `readColumns`' order
 * (the mapping is walked once, not per row).
 */
export function figuresReader(
  columns: ColumnMap,
  readColumns: readonly string[] = Object.values(columns),
): (row: StatementRow) => Figures {
  const places = Object.values(columns).map((column) => FIGURES_AT + readColumns.indexOf(column));
  const read = arrayRecordReader(Object.keys(columns), places, (value): value is number => typeof value === 'number');
  return (row) => read(row.values);
}

/** Null for every field: a period whose figures cannot be given. */
export function emptyFigures(fields: readonly string[]): Figures {
  return Object.fromEntries(fields.map((field) => [field, null]));
}

/** One figure of a period, null when the period or the figure is missing. */
export const figureOf = (figures: Figures | null | undefined, field: string): number | null => figures?.[field] ?? null;

/** The figures of the three statements of one symbol, by period end. */
export interface StatementSet {
  income: ReadonlyMap<string, Figures>;
  balance: ReadonlyMap<string, Figures>;
  cashFlow: ReadonlyMap<string, Figures>;
}
