import { arrowSink, loadArrow } from './arrowWriter';
import { rowBatch, type ColumnarRows, type ColumnarSink, type ColumnarTable } from './columnarRows';
import { loadHyparquet, parquetSink } from './parquetWriter';

let loaded = false;

/**
 * Loads the columnar writers' libraries (hyparquet-writer, apache-arrow) once: at the first answer asked in a
 * columnar form (`negotiateFormat`) or the export's encoding thread's start, not at the server's (`make
 * bench-footprint`: a server no one asks for Parquet or Arrow does not hold them).
 */
export async function loadColumnarWriters(): Promise<void> {
  if (loaded) return;
  await Promise.all([loadHyparquet(), loadArrow()]);
  loaded = true;
}

/**
 * The rows in a columnar form (answerFormat.ts's ColumnarFormat, which imports this file), in chunks of bytes
 * (the libraries loaded by `loadColumnarWriters`).
 */
export function* columnarChunks(format: 'parquet' | 'arrow', rows: ColumnarRows): Generator<Buffer> {
  const chunks: Buffer[] = [];
  const sink = columnarSink(format, rows, (chunk) => chunks.push(chunk));
  yield* chunks.splice(0);
  for (const batch of rows.batches) {
    sink.write(rowBatch(batch));
    yield* chunks.splice(0);
  }
  sink.finish();
  yield* chunks.splice(0);
}

/** The table in a columnar form, its bytes handed to `emit` batch by batch as `write` is called (a file's writer). */
export function columnarSink(
  format: 'parquet' | 'arrow',
  table: ColumnarTable,
  emit: (chunk: Buffer) => void,
): ColumnarSink {
  if (!loaded) throw new Error('the columnar writers are not loaded: loadColumnarWriters() first');
  return format === 'parquet' ? parquetSink(table, emit) : arrowSink(table, emit);
}
