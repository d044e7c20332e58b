import { basename } from 'node:path';
import type { Knex } from 'knex';
import { loadPinyin } from '../domain/reference/cnspell';
import { bumpDataVersion } from '../db/dataVersions';
import { ISO_DATE } from '../domain/time/dates';
import { CsvReadError, csvRecords, type CsvRecord } from './csvRecords';
import { IngestError } from './ingestError';
import { KeyTracker, keyOf } from '../loaders/keyTracker';
import { batchRows, tableWriter } from '../db/bulkWrite';
import { forgetStoredDays, STORED_DAY_SOURCES } from '../db/storedDays';
import { forgetStoredPeriods, STORED_PERIOD_SOURCES } from '../db/storedPeriods';
import { forgetStoredValuationYears, STORED_YEAR_SOURCES } from '../db/storedValuationYears';
import { recordChanges } from '../db/dataChanges';
import { trackPartitionDates, type DateRanges } from '../domain/tables/flatLayout';
import type { LoadOptions, LoadResult, Row, TableLoad, TableLoader } from '../loaders/loaderTypes';

/** How many rejected rows a load reports by line (all are counted). */
const MAX_REPORTED_REJECTIONS = 100;

/**
 * Loads a whole CSV file in one transaction: every row that can be stored lands, or none does. A row that
 * cannot be stored (a value that is no number or no day, a required value missing, a key already given) is
 * left out and reported by line with the reason; a file that cannot be read (truncated, not UTF-8, a required
 * column missing) or a batch the database refuses stops the load, and nothing of the file stays.
 */
export async function loadTable(
  db: Knex,
  path: string,
  loader: TableLoader,
  options: LoadOptions = {},
): Promise<LoadResult> {
  return loadRecords(db, basename(path), csvRecords(path, options.onBytes), loader, options);
}

/** Loads records from any source (a CSV file, an upstream reply) in one transaction. */
export async function loadRecords(
  db: Knex,
  source: string,
  records: AsyncIterable<CsvRecord>,
  loader: TableLoader,
  options: LoadOptions = {},
): Promise<LoadResult> {
  // Security lists spell their names in pinyin (securityRows.ts): the dictionaries are loaded by the first load.
  await loadPinyin();
  const load = await resolvedLoad(db, loader);
  const result = nothingLoaded(source, load.table);
  const reject = (line: number, reason: string) => {
    result.rejectedRows++;
    if (result.rejections.length < MAX_REPORTED_REJECTIONS) result.rejections.push({ line, reason });
  };
  const seen = new KeyTracker(load.key);
  const partitions: DateRanges = new Map();
  return db.transaction(async (trx) => {
    const writer = await tableWriter(trx, load);
    let batch: Row[] = [];
    // Rows of this batch by key, for loads that resolve rows sharing a key instead of refusing them.
    let resolved = new Map<string, Row>();
    let batchSize = 0;
    let lastLine = 1;
    let headerChecked = false;
    // The write of one batch overlaps the parsing of the next (the database works in its own process).
    let writing: Promise<void> = Promise.resolve();
    const write = async (rows: Row[], upToLine: number) => {
      const kept = load.beforeWrite ? await load.beforeWrite(trx, rows) : rows;
      await refusedAt(source, upToLine, writer.write(kept));
      result.rows += rows.length;
      options.onRows?.(result.rows);
    };
    const flush = async () => {
      const rows = load.resolveSameKey ? [...resolved.values()] : batch;
      batch = [];
      resolved = new Map();
      await writing;
      writing = write(rows, lastLine);
      writing.catch(() => {}); // awaited by the next flush or at the end
    };
    try {
      for await (const { line, values } of records) {
        lastLine = line;
        if (!headerChecked) headerChecked = checkHeader(source, load, Object.keys(values));
        const row = rowOf(line, load, values, reject);
        if (row === null) continue;
        if (load.resolveSameKey) {
          const key = keyOf(row, load.key);
          const earlier = resolved.get(key);
          if (!earlier) batch.push(row);
          resolved.set(key, earlier ? load.resolveSameKey(earlier, row) : row);
        } else {
          if (!seen.add(row)) {
            reject(
              line,
              `duplicate key (${load.key.join(', ')}) = (${load.key.map((c) => row[c]).join(', ')}) within the file; the first row stands`,
            );
            continue;
          }
          batch.push(row);
        }
        trackDates(result, row, load.key);
        trackPartitionDates(partitions, row);
        batchSize ||= await batchRows(trx, Object.keys(row).length);
        if (batch.length >= batchSize) await flush();
      }
    } catch (err) {
      if (err instanceof CsvReadError) throw new IngestError(source, err.line, err.message);
      throw err;
    }
    if (batch.length > 0) await flush();
    await writing;
    await refusedAt(source, lastLine, writer.finish());
    if (result.rows > 0) {
      await load.afterLoad?.(trx, result);
      if (STORED_DAY_SOURCES.has(load.table)) await forgetStoredDays(trx, result.firstDate, result.lastDate);
      if (STORED_PERIOD_SOURCES.has(load.table)) await forgetStoredPeriods(trx, result.firstDate);
      if (STORED_YEAR_SOURCES.has(load.table)) await forgetStoredValuationYears(trx, result.firstDate, result.lastDate);
      await recordChanges(trx, load.table, partitions);
      await bumpDataVersion(trx, load.dataset);
    }
    await options.beforeCommit?.(trx, result);
    return result;
  });
}

/** What a loader loads: some read the store first (a statement's columns). */
export const resolvedLoad = async (db: Knex, loader: TableLoader): Promise<TableLoad> =>
  typeof loader === 'function' ? await loader(db) : loader;

/** The result of a load before its first row, and of a load with no rows. */
export const nothingLoaded = (source: string, table: string): LoadResult => ({
  source,
  table,
  rows: 0,
  firstDate: null,
  lastDate: null,
  rejectedRows: 0,
  rejections: [],
});

function checkHeader(source: string, load: TableLoad, header: string[]): true {
  const missing = load.columns.filter((column) => !header.includes(column));
  if (missing.length === 0) return true;
  const hint = header.length === 1 ? ' (the header has one column: is the delimiter a comma?)' : '';
  throw new IngestError(source, 1, `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}${hint}`);
}

/** The row of a record, or null when the load skips it or cannot store it (then reported as rejected). */
function rowOf(
  line: number,
  load: TableLoad,
  values: Record<string, string>,
  reject: (line: number, reason: string) => void,
): Row | null {
  try {
    return load.toRow(values);
  } catch (err) {
    reject(line, (err as Error).message);
    return null;
  }
}

function trackDates(result: LoadResult, row: Row, key: string[]): void {
  const date = key.map((column) => row[column]).find((value) => typeof value === 'string' && ISO_DATE.test(value)) as
    string | undefined;
  if (date === undefined) return;
  if (result.firstDate === null || date < result.firstDate) result.firstDate = date;
  if (result.lastDate === null || date > result.lastDate) result.lastDate = date;
}

/** A write the database refuses is the file's error at the line its rows end. */
async function refusedAt(source: string, upToLine: number, writing: Promise<void>): Promise<void> {
  try {
    await writing;
  } catch (err) {
    throw new IngestError(
      source,
      upToLine,
      `the database refused the rows up to this line: ${databaseReason(err as Error)}`,
    );
  }
}

/** Knex prefixes driver errors with the whole statement; the reason is what the driver said. */
function databaseReason(err: Error): string {
  return err.message.split(' - ').at(-1)!.slice(0, 300);
}
