import Papa from 'papaparse';
import type { Json } from './toolResults';

/** One flat record: column → scalar (nested objects and other lists written as JSON text). */
export type FlatRow = Record<string, string | number | boolean | null>;

const isRecord = (value: Json): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRecordList = (value: Json): value is Array<{ [key: string]: Json }> => Array.isArray(value) && value.length > 0 && value.every(isRecord);

function scalar(value: Json): string | number | boolean | null {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/**
 * One record's rows: its scalar fields once per row of its first list of records (a daily series' `daily`
 * bars: one row per bar with the series' symbol and name repeated), or one row when it holds no such list.
 */
function rowsOf(record: { [key: string]: Json }): FlatRow[] {
  const nested = Object.keys(record).find((key) => isRecordList(record[key]!));
  const own: FlatRow = {};
  for (const [key, value] of Object.entries(record)) if (key !== nested) own[key] = scalar(value);
  if (nested === undefined) return [own];
  return (record[nested] as Array<{ [key: string]: Json }>).flatMap((inner) => rowsOf(inner).map((row) => ({ ...own, ...row })));
}

/** An answer's `data` as flat rows: a list of records, a record, or a record holding a list, all to one table. */
export function flatRows(data: Json): FlatRow[] {
  if (Array.isArray(data)) return data.flatMap((item) => (isRecord(item) ? rowsOf(item) : [{ value: scalar(item) }]));
  if (isRecord(data)) return rowsOf(data);
  return [{ value: data }];
}

/** Whether a record is a series without items: its one list of records (a daily series' `daily`) is empty. */
function isEmptySeries(record: { [key: string]: Json }): boolean {
  const lists = Object.values(record).filter((value) => Array.isArray(value) && value.every(isRecord)) as Json[][];
  return lists.length === 1 && lists[0]!.length === 0;
}

/**
 * `flatRows` one record at a time, the rows of a CSV or NDJSON answer, except that a series without items (a
 * symbol without bars in the range) gives no row rather than one with an empty list in it.
 */
export function* tableRows(data: Json): Generator<FlatRow> {
  for (const item of Array.isArray(data) ? data : [data]) {
    if (!isRecord(item)) yield { value: scalar(item) };
    else if (!isEmptySeries(item)) yield* rowsOf(item);
  }
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

/** One CSV line of values (papaparse's quoting; null and undefined empty). */
export const csvLine = (values: readonly unknown[]): string => Papa.unparse([values], { newline: '\n' });

type JsonRecord = { [key: string]: Json };

/** The key of a record's list of records (empty or not), if it has one. */
const seriesKey = (record: Json): string | undefined =>
  isRecord(record) ? Object.keys(record).find((key) => Array.isArray(record[key]) && (record[key] as Json[]).every(isRecord)) : undefined;

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
  if (keys.some((key) => key === undefined) || !series.some((record, i) => (record[keys[i]!] as Json[]).length > 0)) return csvLines(flatRows(data));
  const rowsPerSeries = series.map((record, i) => (record[keys[i]!] as JsonRecord[]).flatMap(rowsOf));
  const columns = columnsOf(rowsPerSeries.flat());
  const lines = [csvLines([], columns)[0]!];
  series.forEach((record, i) => {
    const own = Object.entries(record).filter(([key]) => key !== keys[i]);
    lines.push(`# ${own.map(([key, value]) => `${key}=${scalar(value) ?? ''}`).join(', ')}`, ...csvLines(rowsPerSeries[i]!, columns).slice(1));
  });
  return lines;
}
