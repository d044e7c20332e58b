import { epochDay, epochMillis, type ColumnType } from '../../domain/answers/columnTypes';

/** A table to write in a columnar form: its columns, their types and the facts beside it. */
export interface ColumnarTable {
  columns: readonly string[];
  types: readonly ColumnType[];
  /** The envelope's facts (paging, cursor, the scalars around the rows), as the file's key-value metadata. */
  metadata: Readonly<Record<string, string>>;
}

/** A table and its rows in batches, a row its values in the columns' order (undefined: the row lacks the column). */
export interface ColumnarRows extends ColumnarTable {
  batches: Iterable<ReadonlyArray<readonly unknown[]>>;
}

/** A batch as the writers read it: its rows' count and the cell of a row and column (rows of arrays, or columns). */
export interface CellBatch {
  length: number;
  cell(row: number, column: number): unknown;
  /** A column's numbers as they are, where the batch holds them so (NaN for none). */
  numbers?(column: number): Float64Array | undefined;
}

/** Rows, each its values in the columns' order. */
export const rowBatch = (rows: ReadonlyArray<readonly unknown[]>): CellBatch => ({
  length: rows.length,
  cell: (row, column) => rows[row]![column],
});

/** Columns, each its rows' values (a flat file's packed columns: no array per row is made). */
export const columnBatch = (columns: ReadonlyArray<ArrayLike<unknown>>): CellBatch => ({
  length: columns[0]?.length ?? 0,
  cell: (row, column) => columns[column]![row],
  numbers: (column) => (columns[column] instanceof Float64Array ? columns[column] : undefined),
});

/** A columnar form written batch by batch as the batches come (a row group or record batch each), then ended. */
export interface ColumnarSink {
  write(batch: CellBatch): void;
  finish(): void;
}

/**
 * Rows of a record batch or row group: a whole-market day (about 5,500 rows) or twenty years of one stock's
 * bars is one, whose columns compress together; a longer table is several, so memory stays flat.
 */
export const COLUMNAR_BATCH_ROWS = 8_192;

/** The time zone of the timestamps: market time is Beijing's. */
export const TIME_ZONE = 'Asia/Shanghai';

/** A cell as a number; null without one, and for a number JSON has no form for (NaN, ±Infinity: null there too). */
function cellNumber(cell: unknown): number | null {
  if (cell === null || cell === undefined) return null;
  const number = Number(cell);
  return Number.isFinite(number) ? number : null;
}

/** A cell as text: a nested object or list as its JSON. */
const cellText = (cell: unknown): string | null =>
  cell === null || cell === undefined ? null : typeof cell === 'object' ? JSON.stringify(cell) : String(cell);

/**
 * A cell as both writers take it for its column's type, null for none: a day as days since the epoch, an
 * instant as its milliseconds, numbers, booleans and text (each writer widens to its own integers).
 */
export const CELL_VALUES: Record<ColumnType, (cell: unknown) => number | boolean | string | null> = {
  date: (cell) => (cell == null ? null : epochDay(String(cell))),
  timestamp: (cell) => (cell == null ? null : epochMillis(String(cell))),
  int64: (cell) => {
    const value = cellNumber(cell);
    return value === null ? null : Math.round(value);
  },
  float64: cellNumber,
  bool: (cell) => (cell == null ? null : Boolean(cell)),
  string: cellText,
  text: cellText,
};
