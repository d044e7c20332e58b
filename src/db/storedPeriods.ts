import type { Knex } from 'knex';
import type { Db } from './connection';
import { dataVersion, type Dataset } from './dataVersions';
import { keepUnlessChanged } from './keptUnderVersion';
import { sentAsBytes } from './mysqlClient';
import { toSqlDateTime } from '../domain/time/dates';

/** One statement's period of every company: the statement's name, the report type and the period's end. */
export interface PeriodKey {
  statement: string;
  reportType: number;
  endDate: string;
}

/** Each code's record as JSON text (a stored one as its UTF-8 bytes), by code. */
export type PeriodRecords = ReadonlyMap<string, string | Buffer>;

/**
 * The tables a stored period is made of: a load that writes a statement of a period forgets that period and every
 * later one (a record looks back: growth a year, TTM two, the metrics at all three statements).
 */
export const STORED_PERIOD_SOURCES: ReadonlySet<string> = new Set([
  'income_statements',
  'balance_sheets',
  'cash_flows',
]);

/** The data set whose version a stored period is kept under: every load of its source tables bumps it. */
const KEPT_UNDER: Dataset = 'financials';

/** Companies a row: a part of a whole market's balance sheets stays far below MariaDB's 16 MB packet limit. */
const PART_SIZE = 1000;
const NEWLINE = 0x0a;

/** The financials data version a period's read began under: what `storePeriodRecords` checks before keeping it. */
export const financialsVersion = (db: Db): Promise<number> => dataVersion(db, KEPT_UNDER);

/**
 * A stored period in `layout`, or null when none is (never stored, forgotten by a load, or stored in another
 * layout). Its records are slices of the bytes read, never decoded: an answer copies them as they are.
 */
export async function storedPeriodRecords(db: Db, key: PeriodKey, layout: string): Promise<PeriodRecords | null> {
  const rows: { codes: string; records: Buffer }[] = await db('stored_periods')
    .where({ statement: key.statement, report_type: key.reportType, end_date: key.endDate, layout })
    .orderBy('part')
    .select('codes', 'records');
  if (rows.length === 0) return null;
  const records = new Map<string, Buffer>();
  for (const row of rows) {
    let start = 0;
    for (const code of row.codes.split(',')) {
      const end = row.records.indexOf(NEWLINE, start);
      records.set(code, row.records.subarray(start, end === -1 ? undefined : end));
      start = end + 1;
    }
  }
  return records;
}

/**
 * Keeps a period read whole under `readUnder` (financialsVersion before the read) in parts, in place of any it
 * held, unless a financials load committed since (keepUnlessChanged).
 */
export async function storePeriodRecords(
  db: Db,
  key: PeriodKey,
  layout: string,
  records: ReadonlyMap<string, string>,
  readUnder: number,
): Promise<void> {
  const where = { statement: key.statement, report_type: key.reportType, end_date: key.endDate };
  const entries = [...records];
  const stored_at = toSqlDateTime(new Date());
  const rows: Record<string, unknown>[] = [];
  for (let part = 0; part * PART_SIZE < entries.length; part++) {
    const slice = entries.slice(part * PART_SIZE, (part + 1) * PART_SIZE);
    const codes = slice.map(([code]) => code).join(',');
    rows.push({
      ...where,
      part,
      layout,
      codes,
      records: Buffer.from(slice.map(([, text]) => text).join('\n')),
      stored_at,
    });
  }
  await keepUnlessChanged(db, KEPT_UNDER, readUnder, async (trx) => {
    await trx('stored_periods').where(where).del();
    for (const row of rows) await sentAsBytes(trx('stored_periods').insert(row));
  });
}

/** Forgets the stored periods ending on or after `from` (every one when it is null): a load wrote statements of `from`. */
export async function forgetStoredPeriods(trx: Knex.Transaction, from: string | null): Promise<void> {
  const periods = trx('stored_periods');
  await (from === null ? periods : periods.where('end_date', '>=', from)).del();
}
