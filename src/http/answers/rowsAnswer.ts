import { csvLine, csvRows } from '../../domain/answers/flatRows';
import { answerColumnType, type ContractColumnType } from '../../domain/answers/columnTypes';
import { isColumnar, TABLE_MEDIA_TYPES, type AnswerFormat } from './answerFormat';
import { JSON_TYPE, utf8Bytes } from './answerStore';
import { COLUMNAR_BATCH_ROWS, type ColumnarRows } from './columnarRows';
import { columnarChunks } from './columnarChunks';
import { ROWS_PER_CHUNK, type AnswerText } from './tableWriter';

export type Scalar = string | number | boolean | null;

const COMMA = 0x2c;

/**
 * The rows of a RowsAnswer: an array, or rows made a slice at a time as the answer is written (whatever a
 * slice's rows hold then dies young, instead of living for the whole answer).
 */
export interface RowSource<Row> {
  readonly length: number;
  slice(start: number, end: number): readonly Row[];
}

/** A column of a RowsAnswer: its wire name and how a row gives its value. */
export type RowColumn<Row> = readonly [name: string, value: (row: Row) => Scalar];

/**
 * A success answer whose data is a list of rows, written from the rows as they are, column by column, never as
 * an object per row and field and never as one string: the whole market of a day is 5,000 rows of 33 fields,
 * and building, copying and serializing those objects cost more than reading them. Its JSON is the text
 * JSON.stringify gives of `{code: 200, message: 'success', data: {...around, [listKey]: [rows]}}`; its CSV and
 * NDJSON rows are what the table writer makes of that envelope (`around`'s scalars first on every row).
 */
export class RowsAnswer {
  private constructor(
    private readonly around: Readonly<Record<string, Scalar>>,
    private readonly listKey: string,
    private readonly columns: readonly RowColumn<unknown>[],
    private readonly rows: RowSource<unknown>,
  ) {}

  /** The rows listed at `data[listKey]` beside `around`, each written in `columns`. */
  static of<Row>(
    around: Readonly<Record<string, Scalar>>,
    listKey: string,
    columns: readonly RowColumn<Row>[],
    rows: RowSource<Row>,
  ): RowsAnswer {
    return new RowsAnswer(around, listKey, columns as readonly RowColumn<unknown>[], rows);
  }

  /**
   * The answer's text in `format`: its media type, and its body in chunks of rows. The columnar forms type
   * their columns by `types` (the contract's), a column it does not name by its first row's value.
   */
  text(format: AnswerFormat, types: ReadonlyMap<string, ContractColumnType> = new Map()): AnswerText {
    if (format === 'json') return { headers: { 'Content-Type': JSON_TYPE }, chunks: this.json() };
    const chunks = isColumnar(format) ? columnarChunks(format, this.columnar(types)) : this.table(format);
    return { headers: { 'Content-Type': TABLE_MEDIA_TYPES[format] }, chunks };
  }

  /** The rows for the columnar forms: the scalars around them a column each (and the file's metadata), then the columns. */
  private columnar(types: ReadonlyMap<string, ContractColumnType>): ColumnarRows {
    const outer = Object.entries(this.around);
    const first = this.rows.length > 0 ? this.rows.slice(0, 1)[0] : undefined;
    const typeOf = (name: string, value: () => unknown) => answerColumnType(types.get(name), value);
    const values = this.columns.map(([, value]) => value);
    const { rows } = this;
    return {
      columns: [...outer.map(([name]) => name), ...this.columns.map(([name]) => name)],
      types: [
        ...outer.map(([name, value]) => typeOf(name, () => value)),
        ...this.columns.map(([name, value]) => typeOf(name, () => (first === undefined ? null : value(first)))),
      ],
      metadata: Object.fromEntries(
        outer.filter(([, value]) => value !== null).map(([name, value]) => [name, String(value)]),
      ),
      batches: (function* () {
        const around = outer.map(([, value]) => value);
        for (let at = 0; at < rows.length; at += COLUMNAR_BATCH_ROWS)
          yield rows
            .slice(at, at + COLUMNAR_BATCH_ROWS)
            .map((row) => [...around, ...values.map((value) => value(row))]);
      })(),
    };
  }

  /**
   * The JSON text: the envelope's head, the rows in chunks, its tail. A chunk is the bytes of its rows' array
   * with the brackets cut off (the opening one a comma after the first chunk): a cut of the text, joined to
   * its comma, was copied and flattened again before it was encoded, a whole-market day's text three times
   * over in the young generation.
   */
  private *json(): Generator<string | Buffer> {
    const [head, tail] = JSON.stringify({
      code: 200,
      message: 'success',
      data: { ...this.around, [this.listKey]: [] },
    }).split(`${JSON.stringify(this.listKey)}:[]`);
    const objectOf = this.objectWriter({});
    yield `${head}${JSON.stringify(this.listKey)}:[`;
    for (const [i, batch] of this.batches()) {
      const bytes = utf8Bytes(JSON.stringify(batch.map(objectOf)));
      if (i === 0) yield bytes.subarray(1, -1);
      else yield bytes.fill(COMMA, 0, 1).subarray(0, -1);
    }
    yield `]${tail}`;
  }

  /** The CSV (header first) or NDJSON text in chunks of lines. */
  private *table(format: 'csv' | 'ndjson'): Generator<string> {
    if (format === 'ndjson') {
      const objectOf = this.objectWriter(this.around);
      for (const [, batch] of this.batches()) yield `${batch.map((row) => JSON.stringify(objectOf(row))).join('\n')}\n`;
      return;
    }
    const outer = Object.entries(this.around);
    yield `${csvLine([...outer.map(([name]) => name), ...this.columns.map(([name]) => name)])}\n`;
    const around = outer.map(([, value]) => value);
    const values = this.columns.map(([, value]) => value);
    for (const [, batch] of this.batches())
      yield csvRows(batch.map((row) => [...around, ...values.map((value) => value(row))]));
  }

  /**
   * A row as an object of `prefix`'s members, then its columns, each object a copy of one template: every row
   * has one shape, which JSON.stringify writes on its fast path (writing the text piece by piece in JS was twice
   * as slow).
   */
  private objectWriter(prefix: Readonly<Record<string, Scalar>>): (row: unknown) => Record<string, Scalar> {
    // Made in one go: an object given its members one by one by computed name turns into a dictionary, and the
    // copy of a dictionary grows its members' store for every member of every row.
    const template: Record<string, Scalar> = Object.fromEntries([
      ...Object.entries(prefix),
      ...this.columns.map(([name]) => [name, null]),
    ]);
    const names = this.columns.map(([name]) => name);
    const values = this.columns.map(([, value]) => value);
    return (row) => {
      const object = { ...template };
      for (let i = 0; i < names.length; i++) object[names[i]!] = values[i]!(row);
      return object;
    };
  }

  /** The rows in batches of ROWS_PER_CHUNK, numbered from 0. */
  private *batches(): Generator<[number, readonly unknown[]]> {
    for (let at = 0; at < this.rows.length; at += ROWS_PER_CHUNK)
      yield [at / ROWS_PER_CHUNK, this.rows.slice(at, at + ROWS_PER_CHUNK)];
  }
}
