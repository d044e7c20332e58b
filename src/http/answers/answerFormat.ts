import type { NextFunction, Request, Response } from 'express';
import { urlQuery } from '../urlQuery';

/** The forms a data answer takes: the JSON envelope, or its rows as CSV or NDJSON. */
export type AnswerFormat = 'json' | 'csv' | 'ndjson';
export type TableFormat = Exclude<AnswerFormat, 'json'>;

export const TABLE_MEDIA_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};
const NEGOTIATED = ['application/json', 'text/csv', 'application/x-ndjson'];
const BY_MEDIA_TYPE: Record<string, AnswerFormat> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/x-ndjson': 'ndjson',
};

/** `format` wins; otherwise the Accept header (`*∕*`, none, or anything else: JSON). An unknown `format` is the validator's 400. */
function formatOf(req: Request, res: Response): AnswerFormat {
  const asked = urlQuery(req, res).format;
  if (asked === 'csv' || asked === 'ndjson') return asked;
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
    }
    next();
  };
}

/** The format the answer is written in (JSON unless the operation has tables and they were asked for). */
export const answerFormatOf = (res: Response): AnswerFormat => res.locals.format ?? 'json';
