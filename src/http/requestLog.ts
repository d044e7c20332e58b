import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { RequestEndObserver } from './requestEnd';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The URL with the value of `api_key` replaced, so keys never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, '$1[redacted]');
}

/** Request id: `X-Request-Id` echoed when sane, else a UUID; sent back and kept in `res.locals.requestId`. */
export function requestId() {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    next();
  };
}

/**
 * One JSON log line per request once it is answered or aborted: `{req: {id, method, url, remoteAddress},
 * res: {statusCode}, responseTime}`, the shape pino-http writes. Hand-rolled because pino-http builds two
 * child loggers and serializer wrappers per request, a tenth of the warm path's CPU.
 */
export function requestLogLine(logger: Logger): RequestEndObserver {
  return (req, res, finished, elapsedMs) => {
    const failed = !finished || res.statusCode >= 500;
    if (!failed && !logger.isLevelEnabled('info')) return; // nothing built when the line would be dropped
    const line = {
      req: {
        id: res.locals.requestId,
        method: req.method,
        url: redactUrl(req.originalUrl),
        remoteAddress: req.socket.remoteAddress,
      },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(elapsedMs),
    };
    if (!finished) logger.error(line, 'request aborted');
    else if (res.statusCode >= 500) logger.error(line, 'request errored');
    else logger.info(line, 'request completed');
  };
}
