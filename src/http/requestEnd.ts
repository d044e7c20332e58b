import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';

/**
 * What happens once a request is over: `finished` when its answer was sent, false when the client went away
 * first; `elapsedMs` since the request reached the pipeline.
 */
export type RequestEndObserver = (req: Request, res: Response, finished: boolean, elapsedMs: number) => void;

/**
 * One `close` listener for the log line, the metrics and the usage count of a request, and the same function
 * for every request (no closure, no `once` wrapper per request: three listeners showed in the warm path's
 * profile). Node emits `close` after `finish` for every answer, and alone when the client goes away.
 */
export function requestEnd(observers: readonly RequestEndObserver[]) {
  function onClose(this: Response): void {
    const elapsedMs = performance.now() - this.locals.startedAt;
    const finished = this.writableFinished;
    for (const observe of observers) observe(this.req, this, finished, elapsedMs);
  }
  return (_req: Request, res: Response, next: NextFunction) => {
    res.locals.startedAt = performance.now();
    res.on('close', onClose);
    next();
  };
}
