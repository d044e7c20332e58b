import { open, type FileHandle } from 'node:fs/promises';
import { parquetMetadataAsync, parquetRead, type AsyncBuffer, type ColumnData } from 'hyparquet';
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
    return recordsOf(tsCode, await columnsOf(handle, tsCode));
  } finally {
    await handle.close();
  }
}

/**
 * The columns, in the file's order, of the row groups whose codes span `tsCode` (a row group a security: its
 * own), each as one array (rows as arrays or objects cost as much again as decoding them). Cold, the cost is
 * the reads: the footer in one, then the groups' column chunks, adjacent in the file, in one more, not a read
 * (and a file opened) per chunk as a file's AsyncBuffer does.
 */
async function columnsOf(handle: FileHandle, tsCode: string): Promise<ArrayLike<unknown>[]> {
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
  const chunks: ColumnData[] = [];
  await parquetRead({ file, metadata, rowStart, rowEnd, onChunk: (chunk) => chunks.push(chunk) });
  return metadata.schema.slice(1).map(({ name }) => {
    const parts = chunks.filter((chunk) => chunk.columnName === name).sort((a, b) => a.rowStart - b.rowStart);
    return parts.length === 1 ? parts[0]!.columnData : parts.flatMap((part) => Array.from(part.columnData));
  });
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

function recordsOf(tsCode: string, columns: ArrayLike<unknown>[]): SnapshotRecord[] {
  if (columns.length === 0) return [];
  const [codes, takenAt, sources, quoteTimes] = columns as [ArrayLike<unknown>, ...ArrayLike<unknown>[]];
  const numbers = columns.slice(4, 4 + SNAPSHOT_NUMBER_COLUMNS.length);
  const suspended = columns[4 + SNAPSHOT_NUMBER_COLUMNS.length]!;
  const records: SnapshotRecord[] = [];
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] !== tsCode) continue;
    records.push({
      ts_code: tsCode,
      taken_at: epochMs(takenAt![i]),
      source: String(sources![i]),
      quote_time: epochMs(quoteTimes![i]),
      numbers: numbers.map((column) => (column[i] === null ? null : Number(column[i]))),
      suspended: suspended[i] === true,
    });
  }
  return records;
}

/** A timestamp as hyparquet reads it (a Date, or milliseconds as a bigint), in epoch milliseconds. */
const epochMs = (value: unknown): number => (value instanceof Date ? value.getTime() : Number(value));
