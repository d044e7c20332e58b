import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A middleware that only sets headers whose values do not depend on the request (helmet as configured here:
 * no nonce, no per-request directive), replayed from one run at start: the same headers in the same order,
 * with one loop instead of a dozen chained middleware functions per request. A header it removes is removed
 * again per request.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  let passedOn = false;
  void middleware({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err !== undefined && err !== null) throw err;
    passedOn = true;
  });
  if (!passedOn) throw new Error('fixedHeaders: the middleware did not pass the request on at once');
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
