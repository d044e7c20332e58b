import type { OperationPolicy, PathOperations } from './operations';
import type { AppError } from '../domain/api/errors';
import type { KeyOwner, SessionAccount } from './ports';
import type { AnswerFormat } from './answers/answerFormat';
import type { UrlQuery } from './urlQuery';

/** `res.locals` as the middleware leaves it, typed once for every handler. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The request id (echoed `X-Request-Id` or a new UUID). */
      requestId: string;
      /** When the request reached the pipeline (performance.now(), ms). */
      startedAt: number;
      /** An API-key request whose key, budget and scope were accepted: it counts as usage once answered. */
      admitted?: boolean;
      /** The operations of the request's contract path (its credential too), when it has one. */
      contractPath?: PathOperations;
      /** The contract operation of the request's method and path, when there is one. */
      operation?: OperationPolicy;
      /** Set on API-key operations once the key is accepted. */
      keyOwner?: KeyOwner;
      /** Set on console-session operations once the session is accepted. */
      account?: SessionAccount;
      sessionId?: number;
      /** An operation with tables: the form its answer is asked in (format=, or Accept; JSON by default). */
      format?: AnswerFormat;
      /** The query as the URL gives it, parsed once (urlQuery). */
      urlQuery?: UrlQuery;
      /** The credential was refused (401 to throw once the address's refusal budget has counted it). */
      refusal?: AppError;
      /** A file's answer: its usage counts the bytes sent (its Content-Length), as well as the request. */
      countsBytes?: boolean;
      /** What a step ahead of the router failed with, for the error handler (aheadOfRouter). */
      failure?: unknown;
    }
  }
}
