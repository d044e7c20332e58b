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
 * A journal is one Arrow IPC stream that grows: its schema, then a record batch per append, and no end-of-stream
 * marker until it is closed (a reader takes the end of the file for it). Any Arrow reader of today's file reads
 * every batch written so far; a journal of streams one after another was read by DuckDB and apache-arrow up to its
 * first stream's end, silently. `journalAppend` gives the bytes one append adds: the schema too when the journal is
 * empty. The columns are written straight into typed arrays, the codes and sources as UTF-8 cells from each
 * distinct value's bytes: Arrow's builders, value by value, and typed arrays filled through `from`'s iterator were
 * most of the recorder's CPU (`make bench-snapshots`); dictionaries would need a replacement dictionary a batch,
 * which not every reader takes.
 */
export async function journalAppend(records: readonly SnapshotRecord[], journalBytes: number): Promise<Uint8Array> {
  const arrow = await loadArrow();
  const length = records.length;
  const [takenAt, quoteTime] = [new Float64Array(length), new Float64Array(length)];
  const numbers = SNAPSHOT_NUMBER_COLUMNS.map(() => new Float64Array(length));
  const suspended = new Uint8Array(length);
  for (let row = 0; row < length; row++) {
    const record = records[row]!;
    takenAt[row] = record.taken_at;
    quoteTime[row] = record.quote_time;
    for (let column = 0; column < numbers.length; column++) numbers[column]![row] = record.numbers[column] ?? NaN;
    suspended[row] = record.suspended ? 1 : 0;
  }
  const text = (value: (record: SnapshotRecord) => string) => {
    const encoded = new Map<string, Uint8Array>();
    const cells = records.map((record) => {
      const cell = value(record);
      let bytes = encoded.get(cell);
      if (bytes === undefined) encoded.set(cell, (bytes = UTF8.encode(cell)));
      return bytes;
    });
    const valueOffsets = new Int32Array(length + 1);
    for (let row = 0; row < length; row++) valueOffsets[row + 1] = valueOffsets[row]! + cells[row]!.length;
    const data = new Uint8Array(valueOffsets[length]!);
    for (let row = 0; row < length; row++) data.set(cells[row]!, valueOffsets[row]);
    return arrow.makeVector(arrow.makeData({ type: new arrow.Utf8(), length, nullCount: 0, valueOffsets, data }));
  };
  const stream = arrow.tableToIPC(
    new arrow.Table({
      ts_code: text((record) => record.ts_code),
      taken_at: arrow.makeVector(takenAt),
      source: text((record) => record.source),
      quote_time: arrow.makeVector(quoteTime),
      ...Object.fromEntries(SNAPSHOT_NUMBER_COLUMNS.map((name, i) => [name, arrow.makeVector(numbers[i]!)])),
      suspended: arrow.makeVector(suspended),
    }),
    'stream',
  );
  // The stream is its schema message, its batch's message and the end-of-stream marker (8 bytes).
  const batchAt = journalBytes === 0 ? 0 : messageEnd(stream, 0)!;
  return stream.subarray(batchAt, stream.length - END_OF_STREAM);
}

const UTF8 = new TextEncoder();
const END_OF_STREAM = 8;
const CONTINUATION = 0xffffffff;

/**
 * Where the encapsulated IPC message at `at` ends (its prefix, its Message flatbuffer and the body its
 * `bodyLength` gives), or null when the bytes end first or hold no message there (the end-of-stream marker, a
 * torn write).
 */
function messageEnd(bytes: Uint8Array, at: number): number | null {
  if (at + 8 > bytes.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(at, true) !== CONTINUATION) return null;
  const metadataLength = view.getInt32(at + 4, true);
  const table = at + 8;
  if (metadataLength <= 0 || table + metadataLength > bytes.length) return null;
  // Message { version: short; header_type: ubyte; header: offset; bodyLength: long; … }: field 3 through the vtable.
  const root = table + view.getUint32(table, true);
  const vtable = root - view.getInt32(root, true);
  const bodyField = view.getUint16(vtable, true) > 4 + 3 * 2 ? view.getUint16(vtable + 4 + 3 * 2, true) : 0;
  const bodyLength = bodyField === 0 ? 0 : Number(view.getBigInt64(root + bodyField, true));
  const end = table + metadataLength + bodyLength;
  return end <= bytes.length ? end : null;
}

/** The length of a journal's whole messages: what stands of it when its writer was killed in the middle of an append. */
export function wholeLength(journal: Uint8Array): number {
  let at = 0;
  for (let end = messageEnd(journal, at); end !== null; end = messageEnd(journal, at)) at = end;
  return at;
}

/**
 * The records of a journal, of `tsCode` only when given, in the order written: every whole batch, the torn last
 * one of a writer that was killed left out (a journal of the streams one after another that the recorder wrote
 * before is read whole too).
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
