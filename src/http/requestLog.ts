import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The URL with the value of `api_key` replaced, so keys never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Request id (`X-Request-Id` echoed when sane, else a UUID, kept in `res.locals.requestId`) and one JSON log
 * line per request once it is answered or aborted: `{req: {id, method, url, remoteAddress}, res: {statusCode},
 * responseTime}`, the shape pino-http writes. Hand-rolled because pino-http builds two child loggers and
 * serializer wrappers per request, a tenth of the warm path's CPU.
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    const started = Date.now();
    // One listener: node emits `close` after `finish` for every answer, and alone when the client goes away.
    res.once('close', () => {
      const failed = !res.writableFinished || res.statusCode >= 500;
      if (!failed && !logger.isLevelEnabled('info')) return; // nothing built when the line would be dropped
      const line = {
        req: { id, method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (!res.writableFinished) logger.error(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
