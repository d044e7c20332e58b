import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';

export interface CsvRecord {
  /** Line number in the file where the record starts (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

/** Streams the records of a CSV file with a header row; a UTF-8 BOM is skipped. */
export async function* csvRecords(path: string): AsyncGenerator<CsvRecord> {
  const parser = createReadStream(path).pipe(parse({ columns: true, bom: true, info: true, skip_empty_lines: true }));
  for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield { line: info.lines, values: record };
  }
}
