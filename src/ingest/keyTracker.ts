import { ISO_DATE } from '../domain/dates';
import type { Row } from './loadTable';
const FIRST_DAY = Date.UTC(1970, 0, 1);
const KEY_SEPARATOR = '\u0000';

/** A row's key columns as one string (a map key). */
export function keyOf(row: Record<string, unknown>, columns: readonly string[]): string {
  return columns.map((column) => String(row[column])).join(KEY_SEPARATOR);
}
const DAYS = 131 * 366; // 1970..2100

/**
 * Remembers the primary keys seen in one file, to refuse duplicates. Keys with a date column (almost all
 * market tables) are held as one bit per day for each value of the other key columns, so 12 M daily rows of
 * 5,000 stocks take 30 MB, not gigabytes; other keys are held as strings.
 */
export class KeyTracker {
  private readonly dayBits = new Map<string, Uint8Array>();
  private readonly strings = new Set<string>();

  constructor(private readonly key: string[]) {}

  /** Records the key of `row`; false when it was seen before. */
  add(row: Row): boolean {
    let group = '';
    let day = -1;
    for (const column of this.key) {
      const value = String(row[column]);
      if (day === -1 && ISO_DATE.test(value)) day = dayNumber(value);
      else group += value + KEY_SEPARATOR;
    }
    if (day < 0 || day >= DAYS) return this.addString(keyOf(row, this.key));
    let bits = this.dayBits.get(group);
    if (!bits) this.dayBits.set(group, (bits = new Uint8Array(Math.ceil(DAYS / 8))));
    const mask = 1 << (day & 7);
    if (bits[day >> 3]! & mask) return false;
    bits[day >> 3]! |= mask;
    return true;
  }

  private addString(key: string): boolean {
    if (this.strings.has(key)) return false;
    this.strings.add(key);
    return true;
  }
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` text (no Date parsing, no match objects: it runs once per row). */
function dayNumber(iso: string): number {
  return (Date.UTC(digitsOf(iso, 0, 4), digitsOf(iso, 5, 7) - 1, digitsOf(iso, 8, 10)) - FIRST_DAY) / 86_400_000;
}

function digitsOf(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}
