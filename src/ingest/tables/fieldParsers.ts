import { compactToIsoDate } from '../../domain/dates';

/** Reads a required column; a missing or empty value is an error naming the column. */
export function required(values: Record<string, string>, column: string): string {
  const value = values[column];
  if (value === undefined || value.trim() === '') throw new Error(`missing value in column ${column}`);
  return value.trim();
}

/** Reads an optional text column; empty → null. */
export function text(values: Record<string, string>, column: string): string | null {
  const value = values[column]?.trim();
  return value ? value : null;
}

/** Reads an optional `YYYYMMDD` or `YYYY-MM-DD` column as `YYYY-MM-DD`; a value that is no real day is an error. */
export function date(values: Record<string, string>, column: string): string | null {
  const value = text(values, column);
  if (value === null) return null;
  const iso = compactToIsoDate(value.replaceAll('-', ''));
  if (iso === null) throw new Error(`invalid date in column ${column}: ${value}`);
  return iso;
}
