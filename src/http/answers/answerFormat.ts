import type { NextFunction, Request, Response } from 'express';
import { loadColumnarWriters } from './columnarChunks';
import { urlQuery } from '../urlQuery';

/** The forms a data answer takes: the JSON envelope, or its rows as CSV, NDJSON, Parquet or an Arrow IPC stream. */
export type AnswerFormat = 'json' | 'csv' | 'ndjson' | 'parquet' | 'arrow';
export type TableFormat = Exclude<AnswerFormat, 'json'>;
/** The binary forms, written column by column (columnarChunks.ts). */
export type ColumnarFormat = Extract<TableFormat, 'parquet' | 'arrow'>;

export const TABLE_MEDIA_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.stream',
};
const BY_MEDIA_TYPE: Record<string, AnswerFormat> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/x-ndjson': 'ndjson',
  'application/vnd.apache.parquet': 'parquet',
  'application/vnd.apache.arrow.stream': 'arrow',
};
const NEGOTIATED = Object.keys(BY_MEDIA_TYPE);
const TABLE_FORMATS = new Set<string>(Object.keys(TABLE_MEDIA_TYPES));

export const isColumnar = (format: AnswerFormat): format is ColumnarFormat =>
  format === 'parquet' || format === 'arrow';

/** `format` wins; otherwise the Accept header (`*∕*`, none, or anything else: JSON). An unknown `format` is the validator's 400. */
function formatOf(req: Request, res: Response): AnswerFormat {
  const asked = urlQuery(req, res).format;
  if (typeof asked === 'string' && TABLE_FORMATS.has(asked)) return asked as TableFormat;
  if (asked !== undefined || req.headers.accept === undefined) return 'json';
  const accepted = req.accepts(NEGOTIATED);
  return accepted === false ? 'json' : BY_MEDIA_TYPE[accepted]!;
}

/**
 * For the operations that have tables (a `text/csv` answer in the contract): the request's format in
 * `res.locals.format`, which the answer's writer (answerWriters) and the answer cache's key follow.
 */
export function negotiateFormat() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (res.locals.operation?.tables) {
      res.vary('Accept');
      res.locals.format = formatOf(req, res);
      if (isColumnar(res.locals.format!)) return void loadColumnarWriters().then(() => next(), next);
    }
    next();
  };
}

/** The format the answer is written in (JSON unless the operation has tables and they were asked for). */
export const answerFormatOf = (res: Response): AnswerFormat => res.locals.format ?? 'json';
