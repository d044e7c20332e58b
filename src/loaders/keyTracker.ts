import { ISO_DATE } from '../domain/time/dates';
import type { Row } from './loaderTypes';
const FIRST_DAY = Date.UTC(1970, 0, 1);
const KEY_SEPARATOR = '\u0000';

/** A row's key columns as one string (a map key). */
export function keyOf(row: Record<string, unknown>, columns: readonly string[]): string {
  return columns.map((column) => String(row[column])).join(KEY_SEPARATOR);
}
const DAYS = 131 * 366; // 1970..2100

const SESSION_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const EPOCH_2000 = Date.UTC(2000, 0, 1) / 1000;

/**
 * Remembers the primary keys seen in one file, to refuse duplicates. Keys with a date column (almost all
 * market tables) are held as one bit per day for each value of the other key columns, so the whole market's
 * daily history takes megabytes, not gigabytes; keys with a date and time (minute bars, ticks) as sorted
 * seconds, 4 bytes a row (as strings, one session of the whole market's minute bars ran the CLI out of its
 * heap); other keys as strings.
 */
export class KeyTracker {
  private readonly dayBits = new Map<string, Uint8Array>();
  private readonly seconds = new Map<string, SortedSeconds>();
  private readonly strings = new Set<string>();

  constructor(private readonly key: string[]) {}

  /** Records the key of `row`; false when it was seen before. */
  add(row: Row): boolean {
    let group = '';
    let day = -1;
    let second: number | null = null;
    let time = '';
    for (const column of this.key) {
      const value = String(row[column]);
      if (day === -1 && ISO_DATE.test(value)) day = dayNumber(value);
      else if (second === null && SESSION_TIME.test(value))
        [second, time] = [dayNumber(value) * 86_400 + secondOfDay(value) - EPOCH_2000, value];
      else group += value + KEY_SEPARATOR;
    }
    if (second !== null && (day !== -1 || Math.abs(second) >= 2 ** 31)) {
      // A date beside it, or a time too far from 2000 for 32 bits: the time is one more part of the group.
      group += time + KEY_SEPARATOR;
      second = null;
    }
    if (second !== null) {
      let sorted = this.seconds.get(group);
      if (!sorted) this.seconds.set(group, (sorted = new SortedSeconds()));
      return sorted.add(second);
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

/** A set of seconds kept sorted: files come in time order per stock, so adding is mostly an append. */
class SortedSeconds {
  private values = new Int32Array(256);
  private length = 0;

  /** Adds `second`; false when it is already there. */
  add(second: number): boolean {
    if (this.length === 0 || second > this.values[this.length - 1]!) return this.insertAt(this.length, second);
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.values[middle]! < second) low = middle + 1;
      else high = middle;
    }
    return this.values[low] === second ? false : this.insertAt(low, second);
  }

  private insertAt(index: number, second: number): true {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values.copyWithin(index + 1, index, this.length);
    this.values[index] = second;
    this.length++;
    return true;
  }
}

/** Seconds since midnight of a `YYYY-MM-DD HH:MM:SS` text. */
function secondOfDay(time: string): number {
  return digitsOf(time, 11, 13) * 3600 + digitsOf(time, 14, 16) * 60 + digitsOf(time, 17, 19);
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
