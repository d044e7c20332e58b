import type { Knex } from 'knex';
import type { Db } from './connection';
import { arrayOfBlob, blobOf } from './blobArrays';
import { keepUnlessChanged } from './keptUnderVersion';
import { sentAsBytes } from './mysqlClient';
import { toSqlDateTime } from '../domain/time/dates';

/** A security's valuation days of one year: their JSON by comma, newest first, and where each ends. */
export interface ValuationYear {
  days: Buffer;
  ends: Uint32Array;
}

/** A year to keep: the security, the year, and its days. */
export interface ValuationYearToKeep {
  code: string;
  year: number;
  stored: ValuationYear;
}

/** A year of days from each day's JSON, newest first. */
export function valuationYearOf(days: readonly string[]): ValuationYear {
  const ends = new Uint32Array(days.length);
  let at = -1;
  for (const [i, day] of days.entries()) ends[i] = at += Buffer.byteLength(day) + 1;
  return { days: Buffer.from(days.join(',')), ends };
}

/** Where a day's `date` is in its JSON: every day is written with `date` first (`{"date":"2024-06-14",…`). */
const DATE_AT = '{"date":"'.length;

/** The days of a year from `begin` through `end` (ISO dates), as JSON by comma: one slice of its bytes. */
export function daysBetween({ days, ends }: ValuationYear, begin: string, end: string): Buffer {
  const startOf = (i: number) => (i === 0 ? 0 : ends[i - 1]! + 1);
  const dateOf = (i: number) => days.toString('latin1', startOf(i) + DATE_AT, startOf(i) + DATE_AT + 10);
  let first = 0;
  while (first < ends.length && dateOf(first) > end) first++;
  let last = first;
  while (last < ends.length && dateOf(last) >= begin) last++;
  return first === last ? days.subarray(0, 0) : days.subarray(startOf(first), ends[last - 1]);
}

/**
 * The loads that write a stored year's rows, which forget the years they write: daily_basic's, and daily_bars'
 * (sw_daily writes its indices' valuations to daily_basic with their bars, src/loaders/dailyBars.ts).
 */
export const STORED_YEAR_SOURCES: ReadonlySet<string> = new Set(['daily_basic', 'daily_bars']);

/** The key of a stored year among those read together. */
export const yearKey = (code: string, year: number) => `${code}:${year}`;

/** Years a statement writes: a 50-security window of a full year each stays far below MariaDB's packet limit. */
const ROWS_A_STATEMENT = 20;

/** The stored years of these securities in `layout`, by yearKey; a year not stored (or in another layout) is absent. */
export async function storedValuationYears(
  db: Db,
  codes: readonly string[],
  years: readonly number[],
  layout: string,
): Promise<Map<string, ValuationYear>> {
  const rows: { ts_code: string; year: number; days: Buffer; ends: Buffer }[] = await db('stored_valuation_years')
    .whereIn('ts_code', codes)
    .whereIn('year', years)
    .where({ layout })
    .select('ts_code', 'year', 'days', 'ends');
  const stored = new Map<string, ValuationYear>();
  for (const row of rows)
    stored.set(yearKey(row.ts_code, Number(row.year)), { days: row.days, ends: arrayOfBlob(Uint32Array, row.ends) });
  return stored;
}

/**
 * Keeps years read whole under `readUnder` (the market version before the read), in place of any held, unless a
 * market load committed since (keepUnlessChanged): a load that commits later forgets its years itself.
 */
export async function storeValuationYears(
  db: Db,
  layout: string,
  years: readonly ValuationYearToKeep[],
  readUnder: number,
): Promise<void> {
  const stored_at = toSqlDateTime(new Date());
  const rows = years.map(({ code, year, stored }) => ({
    ts_code: code,
    year,
    layout,
    days: stored.days,
    ends: blobOf(stored.ends),
    stored_at,
  }));
  await keepUnlessChanged(db, 'market', readUnder, async (trx) => {
    for (let at = 0; at < rows.length; at += ROWS_A_STATEMENT)
      await sentAsBytes(
        trx('stored_valuation_years')
          .insert(rows.slice(at, at + ROWS_A_STATEMENT))
          .onConflict(['ts_code', 'year'])
          .merge(),
      );
  });
}

/** Forgets the stored years from `from`'s through `until`'s (every one when either is null): a load wrote days of them. */
export async function forgetStoredValuationYears(trx: Knex.Transaction, from: string | null, until: string | null) {
  const years = trx('stored_valuation_years');
  await (
    from === null || until === null
      ? years
      : years.whereBetween('year', [Number(from.slice(0, 4)), Number(until.slice(0, 4))])
  ).del();
}
