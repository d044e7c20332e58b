import type { ColumnarFormat } from './answerFormat';
import { arrowChunks } from './arrowWriter';
import type { ColumnarRows } from './columnarRows';
import { parquetChunks } from './parquetWriter';

/** The rows in a columnar form, in chunks of bytes. */
export const columnarChunks = (format: ColumnarFormat, rows: ColumnarRows): Generator<Buffer> =>
  format === 'parquet' ? parquetChunks(rows) : arrowChunks(rows);
