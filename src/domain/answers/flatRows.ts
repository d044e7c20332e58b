import type { Json } from './toolResults';

/** One flat record: column → scalar (nested objects and other lists written as JSON text). */
export type FlatRow = Record<string, string | number | boolean | null>;

type JsonRecord = { [key: string]: Json };

const isRecord = (value: Json): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRecordList = (value: Json): value is JsonRecord[] =>
  Array.isArray(value) && value.length > 0 && value.every(isRecord);

function scalar(value: Json): string | number | boolean | null {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Whether a record is a series without items: its one list of records (a daily series' `daily`) is empty. */
function isEmptySeries(record: JsonRecord): boolean {
  const lists = Object.values(record).filter((value) => Array.isArray(value) && value.every(isRecord)) as Json[][];
  return lists.length === 1 && lists[0]!.length === 0;
}

/**
 * A row of a table answer in its parts, never merged into one object: the records around it, outermost first
 * (their scalars), and its own record. Merging a whole-market day's rows with their day (`{...outer, ...row}`)
 * cost more than the rest of the answer; reading a column from the parts costs nothing extra.
 */
export interface RowParts {
  outer: readonly JsonRecord[];
  record: JsonRecord;
  /** The key of each record's own list, left out of its columns. */
  skip: ReadonlySet<string>;
}

/** The key of a record's first non-empty list of records, if any. */
function nestedKeyOf(record: JsonRecord): string | undefined {
  for (const key in record) if (isRecordList(record[key]!)) return key;
  return undefined;
}

function* partsOf(record: JsonRecord, outer: readonly JsonRecord[], skip: ReadonlySet<string>): Generator<RowParts> {
  const nested = nestedKeyOf(record);
  if (nested === undefined) {
    yield { outer, record, skip };
    return;
  }
  const inner = { outer: [...outer, record], skip: new Set([...skip, nested]) };
  for (const item of record[nested] as JsonRecord[]) yield* partsOf(item, inner.outer, inner.skip);
}

/** The rows of `data` in their parts; a series without items gives a row of its own only when `keepEmpty`. */
function* rowPartsOf(data: Json, keepEmpty: boolean): Generator<RowParts> {
  const none = new Set<string>();
  for (const item of Array.isArray(data) ? data : [data]) {
    if (!isRecord(item)) yield { outer: [], record: { value: item }, skip: none };
    else if (keepEmpty || !isEmptySeries(item)) yield* partsOf(item, [], none);
  }
}

/**
 * The rows of a CSV or NDJSON answer, as `flatRows` makes them except that a series without items (a symbol
 * without bars in the range) gives no row rather than one with an empty list in it.
 */
export const tableParts = (data: Json): Generator<RowParts> => rowPartsOf(data, false);

/** A column of a row from its parts (the innermost record that has it), as a scalar; undefined when none has it. */
export function valueOf(
  { outer, record, skip }: RowParts,
  column: string,
): string | number | boolean | null | undefined {
  let value = record[column];
  for (let i = outer.length - 1; value === undefined && i >= 0; i--) if (!skip.has(column)) value = outer[i]![column];
  return value === undefined ? undefined : scalar(value);
}

/** The columns of a table answer's rows, in first-seen order. */
export function tableColumns(parts: Iterable<RowParts>): string[] {
  const columns = new Set<string>();
  const seen = new Set<JsonRecord>();
  for (const { outer, record, skip } of parts) {
    for (const around of outer) {
      if (seen.has(around)) continue;
      seen.add(around);
      for (const key in around) if (!skip.has(key)) columns.add(key);
    }
    for (const key in record) columns.add(key);
  }
  return [...columns];
}

/** A row's parts merged into one object: the columns it has, in first-seen order, the innermost value of each. */
function mergedRow(parts: RowParts): FlatRow {
  const row: FlatRow = {};
  for (const column of tableColumns([parts])) {
    const value = valueOf(parts, column);
    if (value !== undefined) row[column] = value;
  }
  return row;
}

/**
 * An answer's `data` as flat rows (a list of records, a record, or a record holding a list, all to one table):
 * a record's scalars once per row of its first list of records (a daily series' bars: one row per bar with the
 * series' symbol and name repeated), or one row when it holds no such list; nested objects as JSON text.
 */
export const flatRows = (data: Json): FlatRow[] => [...rowPartsOf(data, true)].map(mergedRow);

/** `tableParts` merged into flat rows (tests, and readers that want objects). */
export function* tableRows(data: Json): Generator<FlatRow> {
  for (const parts of tableParts(data)) yield mergedRow(parts);
}

/** The columns of flat rows, in first-seen order. */
export function columnsOf(rows: Iterable<FlatRow>): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/**
 * Flat rows as CSV lines, the header first: nulls empty, numbers as JSON writes them, quoting where needed
 * (papaparse). One line a row, so that a text can be cut between rows.
 */
export function csvLines(rows: readonly FlatRow[], columns = columnsOf(rows)): string[] {
  return [csvLine(columns), ...rows.map((row) => csvLine(columns.map((column) => row[column] ?? null)))];
}

/** A CSV cell: empty for null, quoted (quotes doubled) when it holds a comma, quote or line break, or starts or ends with a space, as papaparse quotes. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  // A number's text never needs quotes: no pattern test for the most common cell. JSON's text of it, which is
  // String's for a finite number, not String's own: String keeps each text in V8's number-string cache, an
  // old-generation table, so the texts of a whole market's numbers were promoted with it, and a CSV answer
  // needed more full collections than its JSON (docs/operations.md, "Footprint"); a number that is not
  // finite is empty, as it is null in JSON.
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

type CsvValue = string | number | boolean | null | undefined;

/** One CSV line of values (null and undefined empty). */
export const csvLine = (values: readonly CsvValue[]): string => values.map(csvCell).join(',');

/** A text JSON writes with an escape or CSV must quote (csvCell's rule), or a lone surrogate (which JSON escapes). */
// eslint-disable-next-line no-control-regex -- the control characters JSON writes as escapes
const NOT_PLAIN = /[",\\\u0000-\u001f]|^\s|\s$|\p{Cs}/u;
const isPlain = (value: CsvValue): boolean => typeof value !== 'string' || !NOT_PLAIN.test(value);
/** A null between two cells of JSON's text of rows (never inside a text: a plain one has no comma or quote). */
const NULL_CELL = /([[,])null(?=[,\]])/g;

/**
 * Rows of values as CSV lines, each ended by a line break, each as csvLine writes it. When no text needs quoting,
 * by JSON's text of the rows (null cells, the rows' brackets and the texts' quotes taken out): one native pass
 * over the numbers, instead of a text per cell joined into each line.
 */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  if (rows.length === 0) return '';
  if (!rows.every((row) => row.every(isPlain))) return `${rows.map(csvLine).join('\n')}\n`;
  const json = JSON.stringify(rows).replace(NULL_CELL, '$1');
  return `${json.slice(2, -2).replaceAll('],[', '\n').replaceAll('"', '')}\n`;
}

/** The key of a record's list of records (empty or not), if it has one. */
const seriesKey = (record: Json): string | undefined =>
  isRecord(record)
    ? Object.keys(record).find((key) => Array.isArray(record[key]) && (record[key] as Json[]).every(isRecord))
    : undefined;

/**
 * An answer's `data` as CSV lines for an agent to read, the header once: a list of series (records each
 * holding a list of records: a daily series and its bars) as the inner records' rows, each series opened by a
 * `# field=value, …` line of its own fields instead of repeating them on every row (50 symbols × a year of
 * daily bars: 0.90 of the characters of the array-of-arrays JSON and 0.40 of JSON objects, where repeating
 * them costs 1.26 of the array-of-arrays); anything
 * else as `flatRows`.
 */
export function agentCsvLines(data: Json): string[] {
  const series = (Array.isArray(data) ? data : [data]) as JsonRecord[];
  const keys = series.map(seriesKey);
  if (keys.some((key) => key === undefined) || !series.some((record, i) => (record[keys[i]!] as Json[]).length > 0))
    return csvLines(flatRows(data));
  const rowsPerSeries = series.map((record, i) => flatRows(record[keys[i]!]!));
  const columns = columnsOf(rowsPerSeries.flat());
  const lines = [csvLines([], columns)[0]!];
  series.forEach((record, i) => {
    const own = Object.entries(record).filter(([key]) => key !== keys[i]);
    lines.push(
      `# ${own.map(([key, value]) => `${key}=${scalar(value) ?? ''}`).join(', ')}`,
      ...csvLines(rowsPerSeries[i]!, columns).slice(1),
    );
  });
  return lines;
}
