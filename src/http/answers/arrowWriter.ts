import type * as Arrow from 'apache-arrow';
import type { ColumnType } from '../../domain/answers/columnTypes';
import { CELL_VALUES, TIME_ZONE, type CellBatch, type ColumnarSink, type ColumnarTable } from './columnarRows';

/** apache-arrow, loaded with the first columnar answer (`loadColumnarWriters`), not at start. */
let arrow: typeof Arrow;
export async function loadArrow(): Promise<void> {
  arrow ??= await import('apache-arrow');
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
} satisfies Record<ColumnType, (id: number) => Arrow.DataType>;

/** The end-of-stream marker of the Arrow IPC stream format: a continuation token and a zero length. */
const END_OF_STREAM = Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/**
 * The rows as an Arrow IPC stream, a record batch per batch written: the schema (with the metadata) first, then
 * each batch with its own dictionaries (a replacement, which the stream format allows), then, with `finish`,
 * the end. Each batch is handed to `emit` by itself, so the first bytes go out before the last rows are read.
 */
export function arrowSink({ columns, types, metadata }: ColumnarTable, emit: (chunk: Buffer) => void): ColumnarSink {
  const fields = columns.map((name, i) => new arrow.Field(name, ARROW_TYPES[types[i]!](i), true));
  const schema = new arrow.Schema(fields, new Map(Object.entries(metadata)));
  let first = true;
  return {
    write(batch) {
      if (batch.length === 0) return;
      const children = fields.map((field, i) => columnData(field.type, types[i]!, batch, i));
      const data = arrow.makeData({ type: new arrow.Struct(fields), length: batch.length, nullCount: 0, children });
      const bytes = arrow.tableToIPC(new arrow.Table([new arrow.RecordBatch(schema, data)]), 'stream');
      // Each table's stream repeats the schema and ends: the schema is kept once, the end written last.
      const schemaBytes = first ? 0 : 8 + new DataView(bytes.buffer, bytes.byteOffset).getInt32(4, true);
      emit(Buffer.from(bytes.buffer, bytes.byteOffset + schemaBytes, bytes.length - schemaBytes - 8));
      first = false;
    },
    finish() {
      if (first) {
        const empty = arrow.tableToIPC(new arrow.Table(schema), 'stream');
        emit(Buffer.from(empty.buffer, empty.byteOffset, empty.length - 8));
      }
      emit(END_OF_STREAM);
    },
  };
}

/**
 * A column of a batch as Arrow data, written straight into typed arrays (Arrow's builders, value by value,
 * took most of the answer's time): the values and the validity bitmap (a bit a row, set where it has a value).
 */
function columnData(type: Arrow.DataType, columnType: ColumnType, { length, cell }: CellBatch, at: number): Arrow.Data {
  const validity = new Uint8Array((length + 7) >> 3);
  let nullCount = 0;
  const read = CELL_VALUES[columnType];
  const fill = <T>(write: (i: number, value: T) => void) => {
    for (let i = 0; i < length; i++) {
      const value = read(cell(i, at));
      if (value === null) nullCount += 1;
      else {
        validity[i >> 3]! |= 1 << (i & 7);
        write(i, value as T);
      }
    }
  };
  const made = (props: Record<string, unknown>) =>
    arrow.makeData({ type, length, nullCount, nullBitmap: nullCount > 0 ? validity : null, ...props } as never);
  switch (columnType) {
    case 'float64': {
      const data = new Float64Array(length);
      fill<number>((i, value) => (data[i] = value));
      return made({ data });
    }
    case 'date': {
      const data = new Int32Array(length);
      fill<number>((i, value) => (data[i] = value));
      return made({ data });
    }
    case 'int64':
    case 'timestamp': {
      const data = new BigInt64Array(length);
      fill<number>((i, value) => (data[i] = BigInt(value)));
      return made({ data });
    }
    case 'bool': {
      const data = new Uint8Array((length + 7) >> 3);
      fill<boolean>((i, value) => value && (data[i >> 3]! |= 1 << (i & 7)));
      return made({ data });
    }
    case 'string': {
      const indices = new Int32Array(length);
      const codes = new Map<string, number>();
      fill<string>((i, value) => {
        let code = codes.get(value);
        if (code === undefined) codes.set(value, (code = codes.size));
        indices[i] = code;
      });
      const dictionary = arrow.vectorFromArray([...codes.keys()], new arrow.Utf8());
      return made({ data: indices, dictionary });
    }
    default:
      return arrow.vectorFromArray(
        Array.from({ length }, (_, i) => read(cell(i, at))),
        type,
      ).data[0]!;
  }
}
