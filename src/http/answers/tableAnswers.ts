import type { NextFunction, Request, Response } from 'express';
import { csvLine, tableColumns, tableParts, valueOf, type RowParts } from '../../domain/flatRows';
import type { Json } from '../../domain/toolResults';

/** The forms a data answer takes: the JSON envelope, or its rows as CSV or NDJSON. */
export type AnswerFormat = 'json' | 'csv' | 'ndjson';
export type TableFormat = Exclude<AnswerFormat, 'json'>;

const MEDIA_TYPES: Record<TableFormat, string> = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' };
const NEGOTIATED = ['application/json', 'text/csv', 'application/x-ndjson'];
const BY_MEDIA_TYPE: Record<string, AnswerFormat> = { 'application/json': 'json', 'text/csv': 'csv', 'application/x-ndjson': 'ndjson' };

/**
 * Rows per write: a write of a few hundred rows is a chunk of the order of 100 kB, so a whole-market answer is
 * a dozen writes and never one string; the socket's backpressure (`drain`) is awaited between them.
 */
const ROWS_PER_WRITE = 500;

/** `format` wins; otherwise the Accept header (`*∕*`, none, or anything else: JSON). An unknown `format` is the validator's 400. */
function formatOf(req: Request): AnswerFormat {
  const asked = (req.query as Record<string, unknown>).format;
  if (asked === 'csv' || asked === 'ndjson') return asked;
  if (asked !== undefined || req.headers.accept === undefined) return 'json';
  const accepted = req.accepts(NEGOTIATED);
  return accepted === false ? 'json' : BY_MEDIA_TYPE[accepted]!;
}

/** An ETag of each form of an answer: the JSON's with the format appended (weak comparison still tells them apart). */
export const tableEtag = (jsonEtag: string, format: TableFormat) => `${jsonEtag.slice(0, -1)}.${format}"`;

/**
 * The tables of the operations that have them (a `text/csv` answer in the contract): the request's format in
 * `res.locals.format`, and `res.json` of a success envelope writes its `data` as rows instead. Errors stay
 * JSON envelopes with their status.
 */
export function tableAnswers() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!res.locals.operation?.tables) return next();
    res.vary('Accept');
    const format = formatOf(req);
    if (format === 'json') return next();
    res.locals.format = format;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 300 || typeof body !== 'object' || body === null || !('data' in body)) return json(body);
      writeTable(req, res, body as Envelope, format).catch((error: unknown) => res.destroy(error as Error));
      return res;
    };
    next();
  };
}

interface Envelope {
  data: Json;
  pagination?: { current_page: number; total_pages: number; total_items: number; items_per_page: number };
  cursor?: string | null;
}

/** Headers that carry what the JSON envelope holds beside `data`: the list's size, the next and previous pages, the cursor. */
function pagingHeaders(req: Request, res: Response, { pagination, cursor }: Envelope): void {
  if (cursor !== undefined && cursor !== null) res.setHeader('X-Next-Cursor', cursor);
  if (pagination === undefined) return;
  res.setHeader('X-Total-Items', pagination.total_items);
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
  if (links.length > 0) res.setHeader('Link', links.join(', '));
}

/** A row's line: CSV in the header's columns (nulls empty, numbers as JSON writes them), or one JSON object of the columns it has. */
function lineWriter(format: TableFormat, columns: readonly string[]): (parts: RowParts) => string {
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

/** Writes the rows of an envelope's `data`, header first for CSV, a batch of lines per write, waiting for `drain`. */
async function writeTable(req: Request, res: Response, envelope: Envelope, format: TableFormat): Promise<void> {
  res.setHeader('Content-Type', MEDIA_TYPES[format]);
  pagingHeaders(req, res, envelope);
  // The columns are every row's keys in first-seen order (a row lacks `requested_symbol` unless an old code named it).
  const columns = tableColumns(tableParts(envelope.data));
  if (req.method === 'HEAD') return void res.end();
  const lineOf = lineWriter(format, columns);
  let batch = format === 'csv' ? [csvLine(columns)] : [];
  for (const parts of tableParts(envelope.data)) {
    batch.push(lineOf(parts));
    if (batch.length < ROWS_PER_WRITE) continue;
    if (!res.write(`${batch.join('\n')}\n`)) await new Promise((resolve) => res.once('drain', resolve));
    batch = [];
  }
  res.end(batch.length > 0 ? `${batch.join('\n')}\n` : undefined);
}
