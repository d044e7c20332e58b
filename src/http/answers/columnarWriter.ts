import { gzipSync } from 'node:zlib';
import * as arrow from 'apache-arrow';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';
import { epochDay, epochMillis, type ColumnType } from '../../domain/api/columnTypes';

/** A table to write in a columnar form: its columns, their types, the facts beside it and its rows in batches. */
export interface ColumnarRows {
  columns: readonly string[];
  types: readonly ColumnType[];
  /** The envelope's facts (paging, cursor, the scalars around the rows), as the file's key-value metadata. */
  metadata: Readonly<Record<string, string>>;
  /** Rows in batches, a row its values in the columns' order (undefined: the row lacks the column). */
  batches: Iterable<ReadonlyArray<readonly unknown[]>>;
}

/**
 * Rows of a record batch or row group: a whole-market day (about 5,500 rows) or twenty years of one stock's
 * bars is one, whose columns compress together; a longer table is several, so memory stays flat.
 */
export const COLUMNAR_BATCH_ROWS = 8_192;

/** The rows in a columnar form, in chunks of bytes. */
export const columnarChunks = (format: 'parquet' | 'arrow', rows: ColumnarRows): Generator<Buffer> =>
  format === 'parquet' ? parquetChunks(rows) : arrowChunks(rows);

/** The time zone of the timestamps: market time is Beijing's. */
export const TIME_ZONE = 'Asia/Shanghai';

/** A column's values of a batch in the form the writers take (numbers, bigints, strings, booleans; null). */
function columnValues(rows: ReadonlyArray<readonly unknown[]>, at: number, type: ColumnType): unknown[] {
  return rows.map((row) => {
    const value = row[at];
    if (value === null || value === undefined) return null;
    switch (type) {
      case 'date':
        return epochDay(String(value));
      case 'timestamp':
        return epochMillis(String(value));
      case 'int64':
        return BigInt(Math.round(Number(value)));
      case 'float64': {
        // A number JSON has no form for (NaN, ±Infinity) is null there, and here.
        const number = Number(value);
        return Number.isFinite(number) ? number : null;
      }
      case 'bool':
        return Boolean(value);
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  });
}

/** A column's Arrow type; a dictionary's id is its column's place, so the same table is the same bytes. */
const ARROW_TYPES = {
  date: () => new arrow.DateDay(),
  timestamp: () => new arrow.TimestampMillisecond(TIME_ZONE),
  int64: () => new arrow.Int64(),
  float64: () => new arrow.Float64(),
  bool: () => new arrow.Bool(),
  string: (id: number) => new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), id),
  text: () => new arrow.Utf8(),
} satisfies Record<ColumnType, (id: number) => arrow.DataType>;

/** The end-of-stream marker of the Arrow IPC stream format: a continuation token and a zero length. */
const END_OF_STREAM = Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/**
 * The rows as an Arrow IPC stream, a record batch per batch of rows: the schema (with the metadata) first,
 * then each batch with its own dictionaries (a replacement, which the stream format allows), then the end.
 * Each batch is written by itself, so the first bytes go out before the last rows are read.
 */
function* arrowChunks({ columns, types, metadata, batches }: ColumnarRows): Generator<Buffer> {
  const fields = columns.map((name, i) => new arrow.Field(name, ARROW_TYPES[types[i]!](i), true));
  const schema = new arrow.Schema(fields, new Map(Object.entries(metadata)));
  let first = true;
  for (const rows of batches) {
    const children = fields.map((field, i) => {
      const values = columnValues(rows, i, types[i]!);
      // The date builder takes Dates; the others the values as they are.
      const vector = arrow.vectorFromArray(types[i] === 'date' ? values.map(dayAsDate) : values, field.type);
      return vector.data.length === 1 ? vector.data[0]! : arrow.makeVector(vector.toArray()).data[0]!;
    });
    const data = arrow.makeData({ type: new arrow.Struct(fields), length: rows.length, nullCount: 0, children });
    const bytes = arrow.tableToIPC(new arrow.Table([new arrow.RecordBatch(schema, data)]), 'stream');
    // Each table's stream repeats the schema and ends: the schema is kept once, the end written last.
    const schemaBytes = first ? 0 : 8 + new DataView(bytes.buffer, bytes.byteOffset).getInt32(4, true);
    yield Buffer.from(bytes.buffer, bytes.byteOffset + schemaBytes, bytes.length - schemaBytes - 8);
    first = false;
  }
  if (first) {
    const empty = arrow.tableToIPC(new arrow.Table(schema), 'stream');
    yield Buffer.from(empty.buffer, empty.byteOffset, empty.length - 8);
  }
  yield END_OF_STREAM;
}

const dayAsDate = (day: unknown) => (day === null ? null : new Date(Number(day) * 86_400_000));

const PARQUET_TYPES = {
  date: { type: 'INT32', converted_type: 'DATE' },
  timestamp: { type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } },
  int64: { type: 'INT64' },
  float64: { type: 'DOUBLE' },
  bool: { type: 'BOOLEAN' },
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  text: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
} satisfies Record<ColumnType, Omit<SchemaElement, 'name'>>;

/**
 * The rows as a Parquet file, a row group per batch of rows, each flushed as soon as it is written (the file's
 * footer, its schema and row groups' places, comes last). Pages are GZIP-compressed (node's zlib: a
 * whole-market day is about a third of its CSV); strings dictionary-encoded where that halves them.
 */
function* parquetChunks({ columns, types, metadata, batches }: ColumnarRows): Generator<Buffer> {
  const writer = new ByteWriter();
  const written: Buffer[] = [];
  const flush = () => {
    if (writer.index === 0) return;
    written.push(Buffer.from(writer.buffer.slice(0, writer.index)));
    writer.index = 0;
  };
  Object.assign(writer, { flush });
  const schema: SchemaElement[] = [
    { name: 'root', num_children: columns.length },
    ...columns.map((name, i) => ({ name, repetition_type: 'OPTIONAL' as const, ...PARQUET_TYPES[types[i]!] })),
  ];
  const parquet = new ParquetWriter({
    writer,
    schema,
    codec: 'GZIP',
    compressors: { GZIP: (bytes: Uint8Array) => new Uint8Array(gzipSync(bytes, { level: 6 })) },
    kvMetadata: Object.entries({ ...metadata, time_zone: TIME_ZONE }).map(([key, value]) => ({ key, value })),
    createdBy: 'ashare-api',
  });
  flush();
  yield* written.splice(0);
  for (const rows of batches) {
    if (rows.length === 0) continue;
    void parquet.write({
      columnData: columns.map((name, i) => ({ name, data: columnValues(rows, i, types[i]!) })),
      rowGroupSize: rows.length,
    });
    flush();
    yield* written.splice(0);
  }
  parquet.finish();
  flush();
  yield* written.splice(0);
}
