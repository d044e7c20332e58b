import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { tushareFailure } from '../domain/tables/tushareCodes';
import { isDatabaseUnavailable } from '../db/driverErrors';
import {
  AppError,
  internalError,
  invalidParameter,
  methodNotAllowed,
  missingParameter,
  notFound,
  payloadTooLarge,
  serviceUnavailable,
  unsupportedMediaType,
  type ErrorCode,
} from '../domain/api/errors';

interface ValidationItem {
  path?: string;
  message?: string;
  errorCode?: string;
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  name?: string;
  message?: string;
  errors?: ValidationItem[];
}

/**
 * Maps a request-validation failure to our codes: a missing parameter, or the `x-error-code` the contract
 * gives the parameter (e.g. `invalid_date_format` for dates), or `invalid_parameter`.
 */
function fromValidation(err: HttpishError, codeOfParameter: ReadonlyMap<string, ErrorCode>): AppError {
  const first = err.errors?.[0] ?? {};
  const parameter = first.path?.split('/').pop() ?? '';
  if (first.errorCode === 'required.openapi.validation') {
    return missingParameter(`Missing required parameter: ${parameter}`);
  }
  // A parameter this operation does not have is unknown, whatever code another operation gives its name
  // (found: `start_date` on daily answered invalid_date_format, "must be a real date", for a valid date).
  const unknown = /^Unknown query parameter/.test(first.message ?? '');
  const code = (!unknown && codeOfParameter.get(parameter)) || 'invalid_parameter';
  const reason =
    code === 'invalid_date_format' ? 'must be a real date in the form YYYY-MM-DD' : (first.message ?? err.message);
  return new AppError(code, `${parameter ? `${parameter}: ` : ''}${reason}`);
}

/** Turns anything thrown into an AppError; unknown failures become a detail-free 500. */
export function toAppError(err: unknown, codeOfParameter: ReadonlyMap<string, ErrorCode>): AppError {
  if (err instanceof AppError) return err;
  const e = (err ?? {}) as HttpishError;
  const status = e.status ?? e.statusCode;
  if (status === 400 && e.errors) return fromValidation(e, codeOfParameter);
  if (status === 400 && e.type === 'entity.parse.failed') return invalidParameter('Malformed JSON body');
  if (status === 404) return notFound();
  if (status === 405) return methodNotAllowed();
  if (status === 413) return payloadTooLarge();
  if (status === 415) return unsupportedMediaType();
  if (isDatabaseUnavailable(err)) return serviceUnavailable();
  return internalError();
}

/** The one error handler: every failure leaves as `{code, message, error}`, never with a stack trace. */
export function errorHandler(codeOfParameter: ReadonlyMap<string, ErrorCode>, logger: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const appError = toAppError(err, codeOfParameter);
    if (appError.status >= 500) logger.error({ err, req: { id: res.locals.requestId } }, 'request failed');
    if (appError.status === 503) res.set('Retry-After', '5');
    // The Tushare-compatible operations answer failures as Tushare does: HTTP 200, a non-zero code, the reason.
    if (res.locals.operation?.tushare)
      return void res
        .status(200)
        .json(tushareFailure(appError, Number(res.getHeader('X-Rate-Limit-Limit')) || null, res.locals.requestId));
    res.status(appError.status).json({ code: appError.status, message: appError.message, error: appError.code });
  };
}
