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
 * journal is read up to its last whole stream however its writer ended. The columns are written straight into
 * typed arrays, the codes and sources (a bucket's few dozen codes, a source or two) as dictionaries: Arrow's
 * builders, value by value, and typed arrays filled through `from`'s iterator were most of the recorder's CPU
 * (`make bench-snapshots`).
 */
export async function journalStream(records: readonly SnapshotRecord[]): Promise<Uint8Array> {
  const arrow = await loadArrow();
  const length = records.length;
  const [takenAt, quoteTime] = [new Float64Array(length), new Float64Array(length)];
  const numbers = SNAPSHOT_NUMBER_COLUMNS.map(() => new Float64Array(length));
  const suspended = new Uint8Array(length);
  const [codes, sources] = [new Int32Array(length), new Int32Array(length)];
  const [codeIndex, sourceIndex] = [new Map<string, number>(), new Map<string, number>()];
  for (let row = 0; row < length; row++) {
    const record = records[row]!;
    codes[row] = indexOf(codeIndex, record.ts_code);
    sources[row] = indexOf(sourceIndex, record.source);
    takenAt[row] = record.taken_at;
    quoteTime[row] = record.quote_time;
    for (let column = 0; column < numbers.length; column++) numbers[column]![row] = record.numbers[column] ?? NaN;
    suspended[row] = record.suspended ? 1 : 0;
  }
  const dictionary = (indices: Int32Array, values: Map<string, number>, id: number) =>
    arrow.makeVector(
      arrow.makeData({
        type: new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), id),
        length,
        nullCount: 0,
        data: indices,
        dictionary: arrow.vectorFromArray([...values.keys()], new arrow.Utf8()),
      }),
    );
  return arrow.tableToIPC(
    new arrow.Table({
      ts_code: dictionary(codes, codeIndex, 0),
      taken_at: arrow.makeVector(takenAt),
      source: dictionary(sources, sourceIndex, 1),
      quote_time: arrow.makeVector(quoteTime),
      ...Object.fromEntries(SNAPSHOT_NUMBER_COLUMNS.map((name, i) => [name, arrow.makeVector(numbers[i]!)])),
      suspended: arrow.makeVector(suspended),
    }),
    'stream',
  );
}

/** The index of a value in a dictionary being built, added at its end when new. */
function indexOf(index: Map<string, number>, value: string): number {
  let at = index.get(value);
  if (at === undefined) index.set(value, (at = index.size));
  return at;
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
