import { open, type FileHandle } from 'node:fs/promises';
import { parquetMetadataAsync, parquetRead, type AsyncBuffer } from 'hyparquet';
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
  const handle = await open(closedPath(root, date, bucket)).catch(() => null);
  if (handle === null) return readJournal(journalPath(root, date, bucket), tsCode);
  try {
    return recordsOf(tsCode, await rowsOf(handle, tsCode));
  } finally {
    await handle.close();
  }
}

/**
 * The rows of the row groups whose codes span `tsCode`, as arrays in the file's column order (objects per row
 * cost as much again as reading them). Cold, the cost is the reads: the footer in one, then the groups' column
 * chunks, adjacent in the file, in one more, not a read (and a file opened) per chunk as a file's AsyncBuffer does.
 */
async function rowsOf(handle: FileHandle, tsCode: string): Promise<unknown[][]> {
  const size = (await handle.stat()).size;
  const metadata = await parquetMetadataAsync(rangeOf(handle, size, 0, new ArrayBuffer(0)));
  let [row, rowStart, rowEnd, byteStart, byteEnd] = [0, -1, -1, Infinity, 0];
  for (const group of metadata.row_groups) {
    const rows = Number(group.num_rows);
    const stats = group.columns[0]!.meta_data?.statistics;
    const [min, max] = [String(stats?.min_value ?? ''), String(stats?.max_value ?? '\uffff')];
    if (min <= tsCode && tsCode <= max) {
      if (rowStart < 0) rowStart = row;
      rowEnd = row + rows;
      for (const { meta_data: chunk } of group.columns) {
        const start = Number(chunk!.dictionary_page_offset ?? chunk!.data_page_offset);
        byteStart = Math.min(byteStart, start);
        byteEnd = Math.max(byteEnd, start + Number(chunk!.total_compressed_size));
      }
    }
    row += rows;
  }
  if (rowStart < 0) return [];
  const span = await readBytes(handle, byteStart, byteEnd);
  const file = rangeOf(handle, size, byteStart, span);
  return new Promise<unknown[][]>((resolve, reject) =>
    parquetRead({ file, metadata, rowStart, rowEnd, rowFormat: 'array', onComplete: resolve }).catch(reject),
  );
}

/** The file as hyparquet reads it: slices inside `span` (read before, from `offset`) from memory, others read. */
const rangeOf = (handle: FileHandle, byteLength: number, offset: number, span: ArrayBuffer): AsyncBuffer => ({
  byteLength,
  slice: (start, end = byteLength) =>
    start >= offset && end <= offset + span.byteLength
      ? span.slice(start - offset, end - offset)
      : readBytes(handle, start, end),
});

async function readBytes(handle: FileHandle, start: number, end: number): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(end - start);
  const { bytesRead } = await handle.read(bytes, 0, bytes.length, start);
  return bytes.buffer.slice(0, bytesRead);
}

function recordsOf(tsCode: string, rows: unknown[][]): SnapshotRecord[] {
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

/** A timestamp as hyparquet reads it (a Date, or milliseconds as a bigint), in epoch milliseconds. */
const epochMs = (value: unknown): number => (value instanceof Date ? value.getTime() : Number(value));
