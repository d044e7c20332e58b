import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Db } from './db/connection';
import { apiKeyAuth } from './http/auth';
import { contractValidator, errorCodesOfParameters, loadContract } from './http/contract';
import { errorHandler } from './http/errors';
import { KeyCache } from './http/keyCache';
import { requestLog } from './http/requestLog';
import { systemRoutes } from './modules/system/system.routes';
import { stocksRoutes } from './modules/stocks/stocks.routes';
import { financialsRoutes } from './modules/financials/financials.routes';

export interface AppDeps {
  db: Db;
  logger: Logger;
  validateResponses: boolean;
  keyCache?: KeyCache;
}

/** The HTTP application: middleware in the order of DESIGN.md §1, then routes, then the one error handler. */
export function createApp(deps: AppDeps): Express {
  const contract = loadContract();
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(helmet());
  app.use(requestLog(deps.logger));
  app.use(express.json({ limit: '32kb' }));
  app.use(systemRoutes(contract));
  app.use(['/v1', '/api/v1'], apiKeyAuth(deps.db, deps.keyCache ?? new KeyCache()));
  app.use(contractValidator(contract, deps.validateResponses));
  app.use(stocksRoutes(deps.db));
  app.use(financialsRoutes(deps.db));
  app.use(errorHandler(errorCodesOfParameters(contract), deps.logger));
  return app;
}
