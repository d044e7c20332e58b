import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bucketName, SNAPSHOT_NUMBER_COLUMNS, type SnapshotRecord } from '../domain/market/snapshotRecords';

/** apache-arrow, loaded with the recorder's first write or read (not at the server's start). */
type Arrow = typeof import('apache-arrow');
let arrow: Arrow | undefined;
const loadArrow = async (): Promise<Arrow> => (arrow ??= await import('apache-arrow'));

/** A day's directory under the recorder's root: `date=YYYY-MM-DD`, a Hive partition. */
export const dayDir = (root: string, date: string) => join(root, `date=${date}`);

/** The open journal of a bucket of a day, appended during the session. */
export const journalPath = (root: string, date: string, bucket: number) =>
  join(dayDir(root, date), 'journal', `${bucketName(bucket)}.arrows`);

/** The closed file of a bucket of a day, written after the session from its journal. */
export const closedPath = (root: string, date: string, bucket: number) =>
  join(dayDir(root, date), `${bucketName(bucket)}.parquet`);

/**
 * Records as one Arrow IPC stream (schema, one batch, end): appended to a journal, each stream stands alone, so a
 * journal is read up to its last whole stream however its writer ended.
 */
export async function journalStream(records: readonly SnapshotRecord[]): Promise<Uint8Array> {
  const { tableFromArrays, tableToIPC } = await loadArrow();
  const numbers = Object.fromEntries(
    SNAPSHOT_NUMBER_COLUMNS.map((name, i) => [name, Float64Array.from(records, (r) => r.numbers[i] ?? NaN)]),
  );
  return tableToIPC(
    tableFromArrays({
      ts_code: records.map((r) => r.ts_code),
      taken_at: Float64Array.from(records, (r) => r.taken_at),
      source: records.map((r) => r.source),
      quote_time: Float64Array.from(records, (r) => r.quote_time),
      ...numbers,
      suspended: Uint8Array.from(records, (r) => (r.suspended ? 1 : 0)),
    }),
    'stream',
  );
}

/**
 * The records of a journal, of `tsCode` only when given, in the order written: every whole stream, the torn
 * last one of a writer that was killed left out.
 */
export async function readJournal(path: string, tsCode?: string): Promise<SnapshotRecord[]> {
  const { RecordBatchReader } = await loadArrow();
  const bytes = await readFile(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (bytes === null) return [];
  const records: SnapshotRecord[] = [];
  try {
    for (const reader of RecordBatchReader.readAll(bytes))
      for (const batch of reader) {
        const column = (name: string) => batch.getChild(name)!.toArray() as ArrayLike<unknown>;
        const codes = batch.getChild('ts_code')!;
        const [takenAt, quoteTime, suspended] = [column('taken_at'), column('quote_time'), column('suspended')];
        const numbers = SNAPSHOT_NUMBER_COLUMNS.map((name) => column(name) as Float64Array);
        const sources = batch.getChild('source')!;
        for (let i = 0; i < batch.numRows; i++) {
          const code = codes.get(i) as string;
          if (tsCode !== undefined && code !== tsCode) continue;
          records.push({
            ts_code: code,
            taken_at: Number(takenAt[i]),
            source: sources.get(i) as string,
            quote_time: Number(quoteTime[i]),
            numbers: numbers.map((values) => (Number.isNaN(values[i]!) ? null : values[i]!)),
            suspended: Number(suspended[i]) === 1,
          });
        }
      }
  } catch {
    // The stream a writer was killed in the middle of: what came before it stands.
  }
  return records;
}
