import { arrowChunks } from './arrowWriter';
import type { ColumnarRows } from './columnarRows';
import { parquetChunks } from './parquetWriter';

/** The rows in a columnar form, in chunks of bytes. */
export const columnarChunks = (format: 'parquet' | 'arrow', rows: ColumnarRows): Generator<Buffer> =>
  format === 'parquet' ? parquetChunks(rows) : arrowChunks(rows);
