import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Several middleware steps as one, run in order with the router's contract: a step passes on with `next()`,
 * fails by throwing, by `next(err)` or by a rejected promise, or ends the request by answering. The pipeline
 * runs its first steps so, ahead of Express's router (aheadOfRouter): each router layer costs every request a
 * turn of the router (matching, prefix trimming, the sync-depth guard), which showed in a warm request's
 * profile (`make bench-profile`).
 */
export function inSequence(...steps: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    // One `next` for the whole sequence, made per request: a closure per step was a dozen allocations per
    // request. An unnamed arrow: a named closure costs a defineProperty of its name under tsx (esbuild's
    // keepNames), which showed in the warm path's profile.
    let at = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null) return done(err);
      const step = steps[at++];
      if (step === undefined) return done();
      try {
        const returned: unknown = step(req, res, next);
        if (returned instanceof Promise) returned.catch(done);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
