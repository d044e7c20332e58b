import type { Request, Response } from 'express';
import { csvLine, tableColumns, tableParts, valueOf, type RowParts } from '../../domain/answers/flatRows';
import type { Json } from '../../domain/answers/toolResults';
import { answerColumnType, type ContractColumnType } from '../../domain/answers/columnTypes';
import { isColumnar, TABLE_MEDIA_TYPES, type TableFormat } from './answerFormat';
import { COLUMNAR_BATCH_ROWS, type ColumnarRows } from './columnarRows';
import { columnarChunks } from './columnarChunks';

/** A table answer's columns as the contract gives them: their types, and the columns of an answer without rows. */
export interface TableShape {
  columns: ReadonlyMap<string, ContractColumnType>;
  emptyColumns: readonly string[];
}

/**
 * The columns of the envelope's rows in first-seen order (a row lacks `requested_symbol` unless an old code
 * named it); the contract's when there are none, so that an empty answer still says what it would hold.
 */
function columnsOf(envelope: Envelope, { emptyColumns }: TableShape): string[] {
  const columns = tableColumns(tableParts(envelope.data));
  return columns.length > 0 ? columns : [...emptyColumns];
}

/** A success envelope as a table writer reads it: its rows in `data`, the paging beside them. */
export interface Envelope {
  data: Json;
  pagination?: { current_page: number; total_pages: number; total_items: number; items_per_page: number };
  cursor?: string | null;
}

/**
 * Rows per chunk: a chunk of a few hundred rows is of the order of 100 kB, so a whole-market answer is a dozen
 * writes and never one string.
 */
export const ROWS_PER_CHUNK = 500;

/** An answer's text to write: its headers, and its body in chunks (streamed, or joined into bytes to store). */
export interface AnswerText {
  headers: Record<string, string>;
  chunks: Iterable<string | Buffer>;
}

/** The headers of a table: its media type, and what the JSON envelope holds beside `data` (the list's size, the next and previous pages, the cursor). */
function tableHeaders(req: Request, format: TableFormat, { pagination, cursor }: Envelope): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': TABLE_MEDIA_TYPES[format] };
  if (cursor !== undefined && cursor !== null) headers['X-Next-Cursor'] = cursor;
  if (pagination === undefined) return headers;
  headers['X-Total-Items'] = String(pagination.total_items);
  const link = (page: number, rel: string) => {
    const params = new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1));
    params.delete('api_key');
    params.delete('offset');
    params.set('page', String(page));
    return `<${req.path}?${params}>; rel="${rel}"`;
  };
  const links = [];
  if (pagination.current_page < pagination.total_pages) links.push(link(pagination.current_page + 1, 'next'));
  if (pagination.current_page > 1) links.push(link(pagination.current_page - 1, 'prev'));
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

/** A row's line: CSV in the header's columns (nulls empty, numbers as JSON writes them), or one JSON object of the columns it has. */
function lineWriter(format: 'csv' | 'ndjson', columns: readonly string[]): (parts: RowParts) => string {
  if (format === 'csv') return (parts) => csvLine(columns.map((column) => valueOf(parts, column)));
  const keys = columns.map((column) => `${JSON.stringify(column)}:`);
  return (parts) => {
    const members: string[] = [];
    columns.forEach((column, i) => {
      const value = valueOf(parts, column);
      if (value !== undefined) members.push(keys[i] + JSON.stringify(value));
    });
    return `{${members.join(',')}}`;
  };
}

/** The table's text in chunks of lines, header first for CSV. */
function* tableChunks(envelope: Envelope, format: 'csv' | 'ndjson', table: TableShape): Generator<string> {
  const columns = columnsOf(envelope, table);
  const lineOf = lineWriter(format, columns);
  let batch = format === 'csv' ? [csvLine(columns)] : [];
  for (const parts of tableParts(envelope.data)) {
    batch.push(lineOf(parts));
    if (batch.length < ROWS_PER_CHUNK) continue;
    yield `${batch.join('\n')}\n`;
    batch = [];
  }
  if (batch.length > 0) yield `${batch.join('\n')}\n`;
}

/**
 * The envelope's table for the columnar forms: its columns typed by the contract (`types`; a column it does not
 * name by its first value), the envelope's facts beside the rows (paging, cursor, the scalars around them) as
 * metadata, and its rows in batches.
 */
function columnarRows(envelope: Envelope, table: TableShape): ColumnarRows {
  const columns = columnsOf(envelope, table);
  const firstValue = (column: string) => {
    for (const parts of tableParts(envelope.data)) {
      const value = valueOf(parts, column);
      if (value !== null && value !== undefined) return value;
    }
    return null;
  };
  return {
    columns,
    types: columns.map((column) => answerColumnType(table.columns.get(column), () => firstValue(column))),
    metadata: envelopeFacts(envelope),
    batches: (function* () {
      let batch: unknown[][] = [];
      for (const parts of tableParts(envelope.data)) {
        batch.push(columns.map((column) => valueOf(parts, column)));
        if (batch.length < COLUMNAR_BATCH_ROWS) continue;
        yield batch;
        batch = [];
      }
      if (batch.length > 0) yield batch;
    })(),
  };
}

/** What the envelope says beside its rows: its paging and cursor, and the scalars of `data` when it is a record. */
function envelopeFacts({ data, pagination, cursor }: Envelope): Record<string, string> {
  const facts: Record<string, string> = {};
  if (data !== null && typeof data === 'object' && !Array.isArray(data))
    for (const [name, value] of Object.entries(data))
      if (value !== null && typeof value !== 'object') facts[name] = String(value);
  if (pagination !== undefined) facts.pagination = JSON.stringify(pagination);
  if (cursor !== undefined && cursor !== null) facts.next_cursor = cursor;
  return facts;
}

/** Text in chunks as one buffer of bytes. */
export const bytesOf = (chunks: Iterable<string | Buffer>): Buffer =>
  Buffer.concat([...chunks].map((chunk) => Buffer.from(chunk)));

/** A table written from the envelope: its headers and its lines (or a columnar form's bytes), in chunks. */
export const tableText = (req: Request, envelope: Envelope, format: TableFormat, table: TableShape): AnswerText => ({
  headers: tableHeaders(req, format, envelope),
  chunks: isColumnar(format)
    ? columnarChunks(format, columnarRows(envelope, table))
    : tableChunks(envelope, format, table),
});

/** Streams text as it is written, a chunk per write, waiting for the socket's `drain` between them. */
export async function streamText(req: Request, res: Response, { headers, chunks }: AnswerText): Promise<void> {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (req.method === 'HEAD') return void res.end();
  for (const chunk of chunks) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}
