import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { AnswerCache } from './answers/answerCache';
import { aheadOfRouter, raiseFrontFailure, type HttpApp } from './aheadOfRouter';
import { authenticate, requireKeyScope } from './auth';
import { contractValidator, errorCodesOfParameters, type Contract } from './contract';
import { corsPolicy } from './cors';
import { fixedHeaders } from './fixedHeaders';
import { errorHandler } from './errorHandler';
import type { Metrics } from './metrics';
import { operationRoutes, type OperationHandlers } from './handler';
import { nameOperation, OperationIndex, operationPolicies } from './operations';
import type { AccessPorts } from './ports';
import { requestBudget, type RequestBudgets } from './rateLimit';
import type { LimiterStore } from './rateLimitStore';
import { requestEnd } from './requestEnd';
import { requestId, requestLogLine } from './requestLog';
import { negotiateFormat } from './answers/answerFormat';
import { usageCounting } from './usage';
import './locals';

export interface HttpAppParts {
  contract: Contract;
  logger: Logger;
  validateResponses: boolean;
  access: AccessPorts;
  limiters: LimiterStore;
  /** Console, sign-in and refused-credential budgets (tests make them small); defaults otherwise. */
  budgets?: RequestBudgets;
  answers: AnswerCache;
  handlers: OperationHandlers;
  /** Routes outside the contract that need no credential (liveness, docs, the console page). */
  openRoutes: Router[];
  /** Counts and times every answer. */
  metrics: Metrics;
  /** CORS_ORIGINS: none by default. */
  corsOrigins: readonly string[];
  /** TRUST_PROXY: Express's `trust proxy` (the socket's address when unset). */
  trustProxy?: boolean | number | string;
}

/**
 * The HTTP pipeline, in the order of ARCHITECTURE.md §1: helmet, request id and the end-of-request listener
 * (log line, metrics, usage count), CORS (a preflight is answered before any credential is asked for), JSON
 * body, the open routes, then per contract operation: credential, rate limit, scope, the answer cache's warm
 * path (these ahead of Express's router: aheadOfRouter), the contract validator, the handler; last the one
 * error handler.
 */
export function httpApp(parts: HttpAppParts): HttpApp {
  const index = new OperationIndex(operationPolicies(parts.contract));
  const app = express();
  app.disable('x-powered-by');
  if (parts.trustProxy !== undefined) app.set('trust proxy', parts.trustProxy);
  app.set('query parser', 'simple');
  // ETags come from the answer cache only (strong, over the stored bytes): Express's automatic weak ETag
  // answered If-None-Match with 304 on routes whose contract has no 304 (account and billing routes).
  app.set('etag', false);
  // Nor Express's freshness: `req.fresh` is true for `If-None-Match: *` whatever the answer, and `res.send` then
  // answered 304 on routes whose contract has none (the market status). Only the answer cache answers 304.
  Object.defineProperty(app.request, 'fresh', { configurable: true, get: () => false });
  const jsonBody = express.json({ limit: '32kb' });
  const bodyUnlessRead = (req: Request, res: Response, next: NextFunction) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : jsonBody(req, res, next);
  // The open routes only for a path outside the contract: a data request skips their route tables.
  const openRoutes = express.Router();
  if (parts.openRoutes.length > 0) openRoutes.use(...parts.openRoutes);
  const routeOpen = (req: Request, res: Response, next: NextFunction) =>
    res.locals.contractPath === undefined ? openRoutes(req, res, next) : next();
  // Every step up to the answer cache's warm path runs in one sequence ahead of Express's router (a layer per
  // step, then one layer for all, made the router a visible share of a warm answer's CPU: `make bench-profile`).
  const front = [
    fixedHeaders(helmet()),
    requestId(),
    requestEnd([requestLogLine(parts.logger), parts.metrics.observer(), usageCounting(parts.access.recordUsage)]),
    nameOperation(index),
    ...corsPolicy(parts.corsOrigins),
    bodyUnlessRead,
    routeOpen,
    authenticate(parts.access),
    requestBudget(parts.limiters, parts.budgets),
    requireKeyScope(),
    negotiateFormat(),
    parts.answers.repeats(),
  ];
  app.use(raiseFrontFailure);
  app.use(contractValidator(parts.contract, parts.validateResponses));
  app.use(operationRoutes(index, parts.handlers));
  app.use(errorHandler(errorCodesOfParameters(parts.contract), parts.logger));
  return aheadOfRouter(app, front);
}
