import type { Request, Response } from 'express';
import { parse } from 'node:querystring';

/** A query as its URL gives it: a name given twice has an array of its values. */
export type UrlQuery = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The request's query as its URL gives it, parsed once per request (kept in `res.locals.urlQuery`). Express 5
 * parses the query again on every read of `req.query` (three times in a warm answer before this), and the
 * contract validator later coerces and completes `req.query`, so the steps that must see the URL's own query
 * (the answer format, the answer cache's key, a key in `api_key`) read this one.
 */
export function urlQuery(req: Request, res: Response): UrlQuery {
  if (res.locals.urlQuery === undefined) {
    const at = req.originalUrl.indexOf('?');
    res.locals.urlQuery = at < 0 ? {} : parse(req.originalUrl.slice(at + 1));
  }
  return res.locals.urlQuery;
}
