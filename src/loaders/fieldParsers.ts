import { compactToIsoDate } from '../domain/time/dates';
import { isStandardCode } from '../domain/reference/symbols';

/** A Beijing time as the minute tables and announcements store it, date and time captured. */
export const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

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

/** Dates already read: a market file repeats each of its few thousand days thousands of times. */
const isoDates = new Map<string, string | null>();
const MAX_REMEMBERED_DATES = 100_000;

/** Reads an optional `YYYYMMDD` or `YYYY-MM-DD` column as `YYYY-MM-DD`; a value that is no real day is an error. */
export function date(values: Record<string, string>, column: string): string | null {
  const value = text(values, column);
  if (value === null) return null;
  let iso = isoDates.get(value);
  if (iso === undefined) {
    if (isoDates.size >= MAX_REMEMBERED_DATES) isoDates.clear();
    isoDates.set(value, (iso = compactToIsoDate(value.replaceAll('-', ''))));
  }
  if (iso === null) throw new Error(`invalid date in column ${column}: ${value}`);
  return iso;
}

/** A required date column. */
export function requiredDate(values: Record<string, string>, column: string): string {
  required(values, column);
  return date(values, column)!;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads an optional number column, times 10^`powerOfTen` (unit conversion: 3 for thousand yuan → yuan, 4 for
 * 10,000 shares → shares), shifted in decimal so 66495.5803 thousand yuan is 66495580.3 yuan, not
 * 66495580.300000004. Text that is no number is an error.
 */
export function num(values: Record<string, string>, column: string, powerOfTen = 0): number | null {
  const value = text(values, column);
  if (value === null) return null;
  if (!NUMBER.test(value)) throw new Error(`not a number in column ${column}: ${JSON.stringify(value)}`);
  if (powerOfTen === 0) return Number(value);
  return /e/i.test(value) ? Number(value) * 10 ** powerOfTen : Number(`${value}e${powerOfTen}`);
}

/**
 * `minuend − subtrahend` of two number columns, rounded to the more decimals of the two as written (points at
 * two decimals: 20851.07 − 78.11 is 20772.96, not 20772.960000000003); null when either is missing.
 */
export function difference(values: Record<string, string>, minuend: string, subtrahend: string): number | null {
  const [a, b] = [num(values, minuend), num(values, subtrahend)];
  if (a === null || b === null) return null;
  const decimals = (column: string) => values[column]!.trim().split('.')[1]?.length ?? 0;
  return Number((a - b).toFixed(Math.min(20, Math.max(decimals(minuend), decimals(subtrahend)))));
}

/** A required number column. */
export function requiredNum(values: Record<string, string>, column: string, powerOfTen = 0): number {
  required(values, column);
  return num(values, column, powerOfTen)!;
}

/** An optional whole-number column. */
export function int(values: Record<string, string>, column: string): number | null {
  const value = num(values, column);
  if (value !== null && !Number.isInteger(value)) throw new Error(`not a whole number in column ${column}: ${value}`);
  return value;
}

/** A required `ts_code` in standard form (`600519.SH`). */
export function tsCode(values: Record<string, string>, column = 'ts_code'): string {
  const code = required(values, column);
  if (!isStandardCode(code)) throw new Error(`invalid ${column}: ${code}`);
  return code;
}
