import { arrowChunks, loadArrow } from './arrowWriter';
import type { ColumnarRows } from './columnarRows';
import { loadHyparquet, parquetChunks } from './parquetWriter';

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
export function columnarChunks(format: 'parquet' | 'arrow', rows: ColumnarRows): Generator<Buffer> {
  if (!loaded) throw new Error('the columnar writers are not loaded: loadColumnarWriters() first');
  return format === 'parquet' ? parquetChunks(rows) : arrowChunks(rows);
}
