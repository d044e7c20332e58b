import { chmod, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { SchemaElement } from 'hyparquet';
import { exchangeDateTime } from '../domain/time/clock';
import {
  daysBeyondRetention,
  SNAPSHOT_NUMBER_COLUMNS,
  type SnapshotRecord,
  type SnapshotRetention,
} from '../domain/market/snapshotRecords';
import { closedPath, dayDir, readJournal } from './snapshotJournal';

/** hyparquet-writer, loaded when the first day is closed. */
let writer: typeof import('hyparquet-writer') | undefined;

/** Rows a row group of a closed file at most: a security's day of snapshots every second (14,400) fits in one. */
const ROW_GROUP_ROWS = 16_384;

/** The polls of a session end at 15:01 (src/domain/market/liveBars.ts, isPollingTime): a day closes after. */
const CLOSES_AT = '15:02:00';

const DAY_DIR = /^date=(\d{4}-\d{2}-\d{2})$/;
const JOURNAL = /^(bucket-\d{3})\.arrows$/;

const instant = { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } } as const;

/** The closed files' schema: the security, when and where from, the quote and the book, whether suspended. */
const SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 5 + SNAPSHOT_NUMBER_COLUMNS.length },
  { name: 'ts_code', repetition_type: 'REQUIRED', type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  { name: 'taken_at', repetition_type: 'REQUIRED', ...instant },
  { name: 'source', repetition_type: 'REQUIRED', type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  { name: 'quote_time', repetition_type: 'REQUIRED', ...instant },
  ...SNAPSHOT_NUMBER_COLUMNS.map((name) => ({ name, repetition_type: 'OPTIONAL' as const, type: 'DOUBLE' as const })),
  { name: 'suspended', repetition_type: 'REQUIRED', type: 'BOOLEAN' },
];

/** By security, then by the time taken (the order of the feed within one instant). */
const bySecurityAndTime = (a: SnapshotRecord, b: SnapshotRecord) =>
  a.ts_code < b.ts_code ? -1 : a.ts_code > b.ts_code ? 1 : a.taken_at - b.taken_at;

/**
 * A bucket's records as a Parquet file: sorted by security and time, a row group per security (at most
 * ROW_GROUP_ROWS rows each), statistics on the code alone. A reader of one security's day parses the footer and
 * reads its groups only: the footer of a group every 2,048 rows with statistics on every column was most of a
 * cold read's time.
 */
async function writeClosed(path: string, records: SnapshotRecord[]): Promise<void> {
  writer ??= await import('hyparquet-writer');
  records.sort(bySecurityAndTime);
  const buffer = writer.parquetWriteBuffer({
    schema: SCHEMA,
    codec: 'SNAPPY',
    rowGroupSize: groupSizesOf(records),
    statistics: false,
    createdBy: 'ashare-api snapshot recorder',
    columnData: [
      { name: 'ts_code', data: records.map((r) => r.ts_code), statistics: true },
      { name: 'taken_at', data: records.map((r) => BigInt(r.taken_at)) },
      { name: 'source', data: records.map((r) => r.source) },
      { name: 'quote_time', data: records.map((r) => BigInt(r.quote_time)) },
      ...SNAPSHOT_NUMBER_COLUMNS.map((name, i) => ({ name, data: records.map((r) => r.numbers[i] ?? null) })),
      { name: 'suspended', data: records.map((r) => r.suspended) },
    ],
  });
  // Written whole under another name, then renamed: a reader never meets half a file.
  await writeFile(`${path}.tmp`, new Uint8Array(buffer));
  await rename(`${path}.tmp`, path);
}

/** The rows of each row group: one security's run of the sorted records, split past ROW_GROUP_ROWS. */
function groupSizesOf(records: readonly SnapshotRecord[]): number[] {
  const sizes: number[] = [];
  for (let start = 0, end = 0; start < records.length; start = end) {
    while (end < records.length && records[end]!.ts_code === records[start]!.ts_code && end - start < ROW_GROUP_ROWS)
      end++;
    sizes.push(end - start);
  }
  return sizes;
}

/**
 * Closes a recorded day: each bucket's journal becomes its Parquet file (sorted, read-only), the journals are
 * removed, and the day's directory is made read-only. A close cut off midway is done again from the journals left.
 */
export async function closeDay(root: string, date: string): Promise<void> {
  const journals = join(dayDir(root, date), 'journal');
  for (const name of await readdir(journals)) {
    const bucket = JOURNAL.exec(name)?.[1];
    if (bucket === undefined) continue;
    const path = closedPath(root, date, Number(bucket.slice(7)));
    await writeClosed(path, await readJournal(join(journals, name)));
    await chmod(path, 0o444);
    await rm(join(journals, name));
  }
  await rm(journals, { recursive: true });
  await chmod(dayDir(root, date), 0o555);
}

/** The recorded days, oldest first (the open one included): the day directories' names, nothing else read. */
export async function recordedDates(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  return names
    .map((name) => DAY_DIR.exec(name)?.[1])
    .filter((date) => date !== undefined)
    .sort();
}

/** The recorded days, oldest first, with their bytes on disk and whether they are still open (a journal). */
export async function recordedDays(root: string): Promise<Array<{ date: string; bytes: number; open: boolean }>> {
  const names = await readdir(root).catch(() => [] as string[]);
  const days = [];
  for (const name of names.sort()) {
    const date = DAY_DIR.exec(name)?.[1];
    if (date === undefined) continue;
    const files = await readdir(join(root, name), { recursive: true });
    let bytes = 0;
    for (const file of files) {
      const info = await stat(join(root, name, file));
      if (info.isFile()) bytes += info.size;
    }
    days.push({ date, bytes, open: files.includes('journal') });
  }
  return days;
}

/**
 * The recorder's housekeeping, run by the process that polls: closes each open day whose session is over (the
 * days before today, and today from 15:02 Beijing), then removes the days beyond SNAPSHOT_RETENTION.
 */
export async function closeDueDays(
  root: string,
  now: Date,
  retention: SnapshotRetention,
  logger: Logger,
): Promise<void> {
  const [today, time] = exchangeDateTime(now).split(' ') as [string, string];
  const days = await recordedDays(root);
  for (const day of days.filter((one) => one.open && (one.date < today || time >= CLOSES_AT))) {
    await closeDay(root, day.date);
    logger.info({ date: day.date }, 'recorded snapshots closed');
  }
  for (const date of daysBeyondRetention(await recordedDays(root), retention)) {
    await chmod(dayDir(root, date), 0o755);
    await rm(dayDir(root, date), { recursive: true, force: true });
    logger.info({ date }, 'recorded snapshots removed (SNAPSHOT_RETENTION)');
  }
}
