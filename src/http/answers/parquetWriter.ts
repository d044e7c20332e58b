import { gzipSync } from 'node:zlib';
import type { SchemaElement } from 'hyparquet';
import type { ColumnType } from '../../domain/answers/columnTypes';
import { CELL_VALUES, TIME_ZONE, type ColumnarSink, type ColumnarTable } from './columnarRows';

/** hyparquet-writer, loaded with the first columnar answer (`loadColumnarWriters`), not at start. */
let hyparquet: typeof import('hyparquet-writer');
export async function loadHyparquet(): Promise<void> {
  hyparquet ??= await import('hyparquet-writer');
}

const PARQUET_TYPES = {
  date: { type: 'INT32', converted_type: 'DATE' },
  timestamp: { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } },
  int64: { type: 'INT64' },
  float64: { type: 'DOUBLE' },
  bool: { type: 'BOOLEAN' },
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  text: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
} satisfies Record<ColumnType, Omit<SchemaElement, 'name'>>;

/** A cell as the Parquet writer takes it: 64-bit integers and instants as bigints. */
const parquetValue = (type: ColumnType): ((cell: unknown) => unknown) => {
  const value = CELL_VALUES[type];
  if (type !== 'int64' && type !== 'timestamp') return value;
  return (cell) => {
    const number = value(cell);
    return number === null ? null : BigInt(number as number);
  };
};

/**
 * GZIP at level 1: measured on a whole-market day, level 6 made the file 2 % smaller for four times the
 * time (bench/results/columnar.json). Node's zlib has it; readers (DuckDB, pyarrow, Polars) all read it.
 */
const compressors = { GZIP: (bytes: Uint8Array) => new Uint8Array(gzipSync(bytes, { level: 1 })) };

/**
 * The rows as a Parquet file, a row group per batch written, each handed to `emit` as soon as it is encoded (the
 * file's footer, its schema and row groups' places, comes with `finish`). Strings are dictionary-encoded where
 * that halves them; doubles are written plain (trying a dictionary for each price column cost more time than the
 * few percent of bytes it saved), and without min/max statistics: together a third of the encoding's time on a
 * whole-market day (bench/results/columnar.json).
 */
export function parquetSink({ columns, types, metadata }: ColumnarTable, emit: (chunk: Buffer) => void): ColumnarSink {
  const writer = new hyparquet.ByteWriter();
  const flush = () => {
    if (writer.index === 0) return;
    emit(Buffer.from(writer.buffer.slice(0, writer.index)));
    writer.index = 0;
  };
  Object.assign(writer, { flush });
  const schema: SchemaElement[] = [
    { name: 'root', num_children: columns.length },
    ...columns.map((name, i) => ({ name, repetition_type: 'OPTIONAL' as const, ...PARQUET_TYPES[types[i]!] })),
  ];
  const parquet = new hyparquet.ParquetWriter({
    writer,
    schema,
    codec: 'GZIP',
    compressors,
    kvMetadata: Object.entries({ ...metadata, time_zone: TIME_ZONE }).map(([key, value]) => ({ key, value })),
    createdBy: 'ashare-api',
    statistics: false,
  });
  const values = types.map(parquetValue);
  flush();
  return {
    write({ length, cell, numbers }) {
      if (length === 0) return;
      void parquet.write({
        columnData: columns.map((name, i) => {
          // Doubles without a null go to the writer as they are: no number boxed for each row.
          const whole = types[i] === 'float64' ? numbers?.(i) : undefined;
          if (whole !== undefined && !whole.some(Number.isNaN))
            return { name, data: whole, encoding: 'PLAIN' as const };
          const value = values[i]!;
          const data = new Array<unknown>(length);
          for (let row = 0; row < length; row++) data[row] = value(cell(row, i));
          return types[i] === 'float64' ? { name, data, encoding: 'PLAIN' as const } : { name, data };
        }),
        rowGroupSize: length,
      });
      flush();
    },
    finish() {
      parquet.finish();
      flush();
    },
  };
}
