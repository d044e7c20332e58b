import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import Papa from 'papaparse';
import { DecodingError, decodeText, sniffEncoding } from './textDecoding';

export interface CsvRecord {
  /** Line number in the file where the record begins (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

/** Rows an upstream API answered, as records (line = row number + 1, as if the field names were a header line). */
export async function* rowRecords(rows: Iterable<Record<string, string>>): AsyncGenerator<CsvRecord> {
  let line = 1;
  for (const values of rows) yield { line: ++line, values };
}

/** A CSV or decoding failure with the line it happened on. */
export class CsvReadError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

interface PapaResult {
  data: string[][];
  errors: { code: string; message: string; row?: number }[];
  meta: { cursor: number };
}

/**
 * Streams the records of a CSV file with a header row. UTF-8 (the decoder drops a BOM) or GBK, detected;
 * `onBytes` is called with the size of each chunk read (for progress). Papa Parse's core parser reads each
 * decoded chunk whole (indexOf-driven: several times csv-parse's rate on a daily file, where parsing was most
 * of the import's CPU; `make bench-ingest`); the rows it leaves incomplete at a chunk's end start the next chunk. Empty lines are
 * skipped; a record with another number of fields than the header is refused.
 */
export async function* csvRecords(
  path: string,
  onBytes: (bytes: number) => void = () => {},
): AsyncGenerator<CsvRecord> {
  const text = pipeline(createReadStream(path), decodeText(sniffEncoding(path), onBytes), () => {});
  const parser = new Papa.Parser({ delimiter: ',', newline: '\n' });
  const lines = new LineEndings();
  let header: string[] | undefined;
  let partial = '';
  // The line the next record begins on.
  let next = 1;
  const records = function* (chunk: string, last: boolean): Generator<CsvRecord> {
    const input = partial + lines.toLf(chunk, last);
    const result = parser.parse(input, 0, !last) as PapaResult;
    partial = input.slice(result.meta.cursor);
    const error = result.errors[0];
    const failedRow = error ? (error.row ?? result.data.length - 1) : Infinity;
    for (let r = 0; r < result.data.length; r++) {
      const record = result.data[r]!;
      const line = next;
      next += 1 + newlinesIn(record);
      if (r === failedRow) throw new CsvReadError(line, csvReason(error!));
      if (record.length === 1 && record[0] === '') continue;
      if (!header) {
        header = record.map((name) => name.trim());
        continue;
      }
      if (record.length !== header.length) {
        throw new CsvReadError(
          line,
          `expected ${header.length} fields, got ${record.length} (truncated line or wrong delimiter?)`,
        );
      }
      const values: Record<string, string> = {};
      for (let i = 0; i < header.length; i++) values[header[i]!] = record[i]!;
      yield { line, values };
    }
    if (error) throw new CsvReadError(next, csvReason(error));
  };
  try {
    for await (const chunk of text as AsyncIterable<string>) yield* records(chunk, false);
    yield* records('', true);
  } catch (err) {
    if (err instanceof DecodingError) throw new CsvReadError(err.line, err.message);
    throw err;
  } finally {
    text.destroy();
  }
}

/**
 * Every line ending as LF, chunk by chunk: a file's endings may be mixed (a CRLF header with rows appended with
 * LF, what a concatenation leaves), and a parser told one ending reads the others' lines as one. A CR that ends a
 * chunk waits for the next, whose first character may be its LF.
 */
class LineEndings {
  private carried = '';

  toLf(chunk: string, last: boolean): string {
    let text = this.carried + chunk;
    this.carried = '';
    if (!last && text.endsWith('\r')) {
      this.carried = '\r';
      text = text.slice(0, -1);
    }
    return text.includes('\r\n') ? text.replaceAll('\r\n', '\n') : text;
  }
}

/** Line breaks inside the record's (quoted) fields. */
function newlinesIn(record: string[]): number {
  let count = 0;
  for (const field of record) for (let i = field.indexOf('\n'); i !== -1; i = field.indexOf('\n', i + 1)) count++;
  return count;
}

function csvReason(error: { code: string; message: string }): string {
  if (error.code === 'MissingQuotes') return 'a quoted field is not closed; truncated file?';
  return error.message;
}
