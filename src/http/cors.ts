import cors, { type CorsOptions } from 'cors';
import type { NextFunction, Request, Response } from 'express';

/** What a page may send and read: the key header, and the budget and request-id headers of every answer. */
const COMMON: CorsOptions = {
  allowedHeaders: ['X-API-KEY', 'Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'],
  exposedHeaders: [
    'X-Rate-Limit-Limit',
    'X-Rate-Limit-Remaining',
    'X-Rate-Limit-Reset',
    'Retry-After',
    'X-Request-Id',
    'ETag',
  ],
  // Browsers cap this (Chromium at 2 hours); 10 minutes lets a changed CORS_ORIGINS take hold soon.
  maxAge: 600,
};

/**
 * CORS for the origins of CORS_ORIGINS, answered before authentication (a preflight carries no key). `*` opens
 * only the API-key operations (the data routes), whose key travels in a header a page must set on purpose; the
 * account operations (console session, sign-up and sign-in) answer only origins named one by one; paths outside
 * the contract (console page, docs) none.
 */
export function corsPolicy(
  origins: readonly string[],
): Array<(req: Request, res: Response, next: NextFunction) => void> {
  const named = origins.filter((origin) => origin !== '*');
  const none = (_req: Request, _res: Response, next: NextFunction) => next();
  // No origins: no middleware at all (not one that passes every request on), the usual deployment.
  if (origins.length === 0) return [];
  const data = cors({ ...COMMON, origin: origins.includes('*') ? '*' : named, methods: ['GET', 'HEAD'] });
  const account =
    named.length > 0 ? cors({ ...COMMON, origin: named, methods: ['GET', 'POST', 'PUT', 'DELETE'] }) : none;
  return [
    (req: Request, res: Response, next: NextFunction) => {
      const credential = res.locals.contractPath?.credential;
      if (credential === 'apiKey') return data(req, res, next);
      if (credential !== undefined) return account(req, res, next);
      next();
    },
  ];
}
