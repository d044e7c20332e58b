import { csvLine } from '../../domain/flatRows';
import { TABLE_MEDIA_TYPES, type AnswerFormat, type TableFormat } from './answerFormat';
import { JSON_TYPE } from './answerStore';

export type Scalar = string | number | boolean | null;

/** A column of a RowsAnswer: its wire name and how a row gives its value. */
export type RowColumn<Row> = readonly [name: string, value: (row: Row) => Scalar];

/** Rows per chunk written: a few hundred rows are of the order of 100 kB, so a whole market's day is a dozen writes. */
const ROWS_PER_CHUNK = 500;

const jsonValue = (value: Scalar): string => (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'null') : JSON.stringify(value));

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
    private readonly rows: readonly unknown[],
  ) {}

  /** The rows listed at `data[listKey]` beside `around`, each written in `columns`. */
  static of<Row>(around: Readonly<Record<string, Scalar>>, listKey: string, columns: readonly RowColumn<Row>[], rows: readonly Row[]): RowsAnswer {
    return new RowsAnswer(around, listKey, columns as readonly RowColumn<unknown>[], rows);
  }

  /** The answer's text in `format`, in chunks of rows. */
  chunks(format: AnswerFormat): Generator<string> {
    return format === 'json' ? this.json() : this.table(format);
  }

  mediaType(format: AnswerFormat): string {
    return format === 'json' ? JSON_TYPE : TABLE_MEDIA_TYPES[format];
  }

  /** The JSON text in chunks of rows. */
  private *json(): Generator<string> {
    const [head, tail] = JSON.stringify({ code: 200, message: 'success', data: { ...this.around, [this.listKey]: [] } }).split(`${JSON.stringify(this.listKey)}:[]`);
    const keys = this.columns.map(([name], i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
    yield* this.rowChunks(`${head}${JSON.stringify(this.listKey)}:[`, (row) => {
      let text = '';
      for (let i = 0; i < keys.length; i++) text += keys[i]! + jsonValue(this.columns[i]![1](row));
      return `${text}}`;
    }, ',', `]${tail}`);
  }

  /** A table's last line ends as the others do; a table without rows is its header alone (CSV) or nothing. */
  private get lineEnd(): string {
    return this.rows.length > 0 ? '\n' : '';
  }

  /** The CSV (header first) or NDJSON text in chunks of lines. */
  private *table(format: TableFormat): Generator<string> {
    const outer = Object.entries(this.around);
    if (format === 'csv') {
      const prefix = outer.map(([, value]) => value);
      yield* this.rowChunks(`${csvLine([...outer.map(([name]) => name), ...this.columns.map(([name]) => name)])}\n`, (row) => csvLine([...prefix, ...this.columns.map(([, value]) => value(row))]), '\n', this.lineEnd);
      return;
    }
    const prefix = outer.map(([name, value]) => `${JSON.stringify(name)}:${jsonValue(value)},`).join('');
    const keys = this.columns.map(([name]) => `${JSON.stringify(name)}:`);
    yield* this.rowChunks('', (row) => `{${prefix}${keys.map((key, i) => key + jsonValue(this.columns[i]![1](row))).join(',')}}`, '\n', this.lineEnd);
  }

  /** `head`, the rows' texts joined by `between` in chunks of ROWS_PER_CHUNK rows, then `tail`. */
  private *rowChunks(head: string, text: (row: unknown) => string, between: string, tail: string): Generator<string> {
    let chunk = head;
    for (let i = 0; i < this.rows.length; i++) {
      chunk += (i === 0 ? '' : between) + text(this.rows[i]!);
      if ((i + 1) % ROWS_PER_CHUNK !== 0) continue;
      yield chunk;
      chunk = '';
    }
    yield chunk + tail;
  }
}
