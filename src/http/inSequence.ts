import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middleware steps as one layer of Express's router, run in order with the router's contract: a step
 * passes on with `next()`, fails by throwing, by `next(err)` or by a rejected promise, or ends the request by
 * answering. Each router layer costs every request a turn of the router (matching, prefix trimming, the
 * sync-depth guard); with one layer per step the router showed in a warm request's profile (`make bench-profile`).
 */
export function inSequence(...steps: RequestHandler[]): RequestHandler {
  // Step `at` gets an unnamed arrow as its `next`: a named closure per request costs a defineProperty of its
  // name each time under tsx (esbuild's keepNames), which showed in the warm path's profile when `next` was one.
  const runFrom = (at: number, req: Request, res: Response, done: NextFunction): void => {
    const step = steps[at];
    if (step === undefined) return done();
    try {
      const returned: unknown = step(req, res, (err?: unknown) => (err === undefined || err === null ? runFrom(at + 1, req, res, done) : done(err)));
      if (returned instanceof Promise) returned.catch(done);
    } catch (thrown) {
      done(thrown);
    }
  };
  return (req, res, done) => runFrom(0, req, res, done);
}
