import { access } from 'node:fs/promises';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead } from 'hyparquet';
import { SNAPSHOT_NUMBER_COLUMNS, snapshotBucketOf, type SnapshotRecord } from '../../domain/market/snapshotRecords';
import { closedPath, journalPath, readJournal } from '../../live/snapshotJournal';
export { recordedDates } from '../../live/snapshotDays';

/**
 * The recorded snapshots are files, not tables (src/live/snapshotRecorder.ts): one security's day is in its
 * bucket's file of the day, the closed Parquet file (sorted; only the row groups whose codes span it are read)
 * or, while the day is open, its journal.
 */
export async function securityDay(root: string, date: string, tsCode: string): Promise<SnapshotRecord[]> {
  const bucket = snapshotBucketOf(tsCode);
  const closed = closedPath(root, date, bucket);
  if (!(await exists(closed))) return readJournal(journalPath(root, date, bucket), tsCode);
  const file = await asyncBufferFromFile(closed);
  const metadata = await parquetMetadataAsync(file);
  let [start, rowStart, rowEnd] = [0, -1, -1];
  for (const group of metadata.row_groups) {
    const rows = Number(group.num_rows);
    const stats = group.columns[0]!.meta_data?.statistics;
    const [min, max] = [String(stats?.min_value ?? ''), String(stats?.max_value ?? '\uffff')];
    if (min <= tsCode && tsCode <= max) {
      if (rowStart < 0) rowStart = start;
      rowEnd = start + rows;
    }
    start += rows;
  }
  if (rowStart < 0) return [];
  // Rows as arrays in the file's column order (objects per row cost as much again as reading them).
  const rows = await new Promise<unknown[][]>((resolve, reject) =>
    parquetRead({ file, metadata, rowStart, rowEnd, rowFormat: 'array', onComplete: resolve }).catch(reject),
  );
  const numbers = SNAPSHOT_NUMBER_COLUMNS.length;
  const records: SnapshotRecord[] = [];
  for (const row of rows) {
    if (row[0] !== tsCode) continue;
    records.push({
      ts_code: tsCode,
      taken_at: epochMs(row[1]),
      source: String(row[2]),
      quote_time: epochMs(row[3]),
      numbers: row.slice(4, 4 + numbers).map((value) => (value === null ? null : Number(value))),
      suspended: row[4 + numbers] === true,
    });
  }
  return records;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A timestamp as hyparquet reads it (a Date, or milliseconds as a bigint), in epoch milliseconds. */
const epochMs = (value: unknown): number => (value instanceof Date ? value.getTime() : Number(value));
