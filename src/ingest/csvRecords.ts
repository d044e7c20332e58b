import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { DecodingError, decodeText, sniffEncoding } from './textDecoding';

export interface CsvRecord {
  /** Line number in the file where the record starts (the header is line 1). */
  line: number;
  values: Record<string, string>;
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

/**
 * Streams the records of a CSV file with a header row. UTF-8 (a BOM is skipped) or GBK, detected;
 * `onBytes` is called with the size of each chunk read (for progress).
 */
export async function* csvRecords(path: string, onBytes: (bytes: number) => void = () => {}): AsyncGenerator<CsvRecord> {
  const parser = parse({ columns: true, bom: true, info: true, skip_empty_lines: true });
  pipeline(createReadStream(path), decodeText(sniffEncoding(path), onBytes), parser, () => {});
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: info.lines, values: record };
    }
  } catch (err) {
    if (err instanceof CsvError) throw new CsvReadError((err as CsvError & { lines: number }).lines, csvReason(err));
    if (err instanceof DecodingError) throw new CsvReadError(err.line, err.message);
    throw err;
  }
}

function csvReason(err: CsvError): string {
  const length = /columns length is (\d+), got (\d+)/.exec(err.message);
  if (length) return `expected ${length[1]} fields, got ${length[2]} (truncated line or wrong delimiter?)`;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is not closed; truncated file?';
  return err.message;
}
