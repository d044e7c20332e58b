import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { AnswerCache } from './answerCache';
import { authenticate, requireKeyScope } from './auth';
import { contractValidator, errorCodesOfParameters, type Contract } from './contract';
import { errorHandler } from './errors';
import { operationRoutes, type OperationHandlers } from './handler';
import { OperationIndex, operationPolicies } from './operations';
import type { AccessPorts } from './ports';
import { accountRateLimit } from './rateLimit';
import type { LimiterStore } from './rateLimitStore';
import { requestLog } from './requestLog';
import { usageCounting } from './usage';
import './locals';

export interface HttpAppParts {
  contract: Contract;
  logger: Logger;
  validateResponses: boolean;
  access: AccessPorts;
  limiters: LimiterStore;
  answers: AnswerCache;
  handlers: OperationHandlers;
  /** Routes outside the contract that need no credential (liveness, docs, the console page). */
  openRoutes: Router[];
}

/**
 * The HTTP pipeline, in the order of ARCHITECTURE.md §1: helmet, request id and log, JSON body,
 * the open routes, then per contract operation: credential, rate limit, scope, usage count, the answer
 * cache's warm path, the contract validator, the handler; last the one error handler.
 */
export function httpApp(parts: HttpAppParts): Express {
  const index = new OperationIndex(operationPolicies(parts.contract));
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(helmet());
  app.use(requestLog(parts.logger));
  const jsonBody = express.json({ limit: '32kb' });
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : jsonBody(req, res, next)));
  app.use(...parts.openRoutes);
  app.use(authenticate(index, parts.access));
  app.use(accountRateLimit(parts.limiters), requireKeyScope(), usageCounting(parts.access.recordUsage));
  app.use(parts.answers.repeats());
  app.use(contractValidator(parts.contract, parts.validateResponses));
  app.use(operationRoutes(index, parts.handlers));
  app.use(errorHandler(errorCodesOfParameters(parts.contract), parts.logger));
  return app;
}
