import type { Knex } from 'knex';
import type { Db } from './connection';
import { arrayOfBlob, blobOf } from './blobArrays';
import { dataVersion, type Dataset } from './dataVersions';
import { keepUnlessChanged } from './keptUnderVersion';
import { toSqlDateTime } from '../domain/time/dates';

/**
 * A whole trading day's numbers: its codes in code order, and each code's row of a layout (named columns, in
 * order) one after another in one Float64Array, NaN for null (a stored figure is never NaN).
 */
export interface DayNumbers {
  codes: readonly string[];
  numbers: Float64Array;
}

/**
 * The tables a stored day is made of: a load that writes a row of a day to one of them forgets that day (the day
 * states, `day_states`, are written by the audit, which forgets the days it writes: src/audit/dayStateStore.ts).
 */
export const STORED_DAY_SOURCES: ReadonlySet<string> = new Set(['daily_bars', 'adj_factors', 'daily_basic']);

/** A stored day in `layout`, or null when none is (never stored, forgotten by a load, or stored in another layout). */
export async function storedDayNumbers(db: Db, date: string, layout: string): Promise<DayNumbers | null> {
  const row: { codes: string; numbers: Buffer } | undefined = await db('stored_days')
    .where({ trade_date: date, layout })
    .first('codes', 'numbers');
  if (row === undefined) return null;
  return { codes: row.codes === '' ? [] : row.codes.split(','), numbers: arrayOfBlob(Float64Array, row.numbers) };
}

/** The data set whose version a stored day is kept under: every load of its source tables bumps it. */
const KEPT_UNDER: Dataset = 'market';

/** The market data version a day's read began under: what `storeDayNumbers` checks before keeping it. */
export const marketVersion = (db: Db): Promise<number> => dataVersion(db, KEPT_UNDER);

/**
 * Keeps a day read whole under `readUnder` (marketVersion before the read), unless a market load committed since
 * (keepUnlessChanged): a load that commits later forgets the day itself (forgetStoredDays).
 */
export async function storeDayNumbers(
  db: Db,
  date: string,
  layout: string,
  day: DayNumbers,
  readUnder: number,
): Promise<void> {
  const row = {
    trade_date: date,
    layout,
    codes: day.codes.join(','),
    numbers: blobOf(day.numbers),
    stored_at: toSqlDateTime(new Date()),
  };
  await keepUnlessChanged(db, KEPT_UNDER, readUnder, (trx) =>
    trx('stored_days').insert(row).onConflict('trade_date').merge(),
  );
}

/** Forgets the stored days from `from` through `until` (every one when either is null): a load wrote rows of them. */
export async function forgetStoredDays(trx: Knex.Transaction, from: string | null, until: string | null) {
  const days = trx('stored_days');
  await (from === null || until === null ? days : days.whereBetween('trade_date', [from, until])).del();
}
