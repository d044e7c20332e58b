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
    const values = this.key.map((column) => String(row[column]));
    const dateIndex = values.findIndex((value) => ISO_DATE.test(value));
    const day = dateIndex === -1 ? -1 : dayNumber(values[dateIndex]!);
    if (day < 0 || day >= DAYS) {
      const joined = values.join(KEY_SEPARATOR);
      if (this.strings.has(joined)) return false;
      this.strings.add(joined);
      return true;
    }
    const group = values.filter((_, i) => i !== dateIndex).join(KEY_SEPARATOR);
    let bits = this.dayBits.get(group);
    if (!bits) this.dayBits.set(group, (bits = new Uint8Array(Math.ceil(DAYS / 8))));
    const mask = 1 << (day & 7);
    if (bits[day >> 3]! & mask) return false;
    bits[day >> 3]! |= mask;
    return true;
  }
}

function dayNumber(iso: string): number {
  const [, y, m, d] = ISO_DATE.exec(iso)!;
  return (Date.UTC(Number(y), Number(m) - 1, Number(d)) - FIRST_DAY) / 86_400_000;
}
