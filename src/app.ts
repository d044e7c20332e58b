import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import { authenticate, requireKeyScope } from './http/auth';
import { contractValidator, errorCodesOfParameters, loadContract } from './http/contract';
import { errorHandler } from './http/errors';
import { KeyCache } from './http/keyCache';
import { accountRateLimit } from './http/rateLimit';
import { LimiterStore } from './http/rateLimitStore';
import { UsageRecorder, usageCounting } from './http/usage';
import { requestLog } from './http/requestLog';
import { corsPolicy } from './http/cors';
import { Metrics } from './http/metrics';
import { Readiness } from './modules/system/readiness';
import { ResponseCache } from './http/responseCache';
import { systemRoutes } from './modules/system/system.routes';
import { stocksRoutes } from './modules/stocks/stocks.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { LoginThrottle, type LoginLimits } from './modules/accounts/loginThrottle';
import { billingRoutes } from './modules/billing/billing.routes';
import { consoleRoutes } from './console/console.routes';
import { financialsModule } from './modules/financials/financials.routes';
import { marketModule } from './modules/market/market.routes';
import type { MarketOptions } from './modules/market/market.context';

export interface AppDeps {
  db: Knex;
  logger: Logger;
  validateResponses: boolean;
  keyCache?: KeyCache;
  /** Rate-limit store: in-process unless given one on Redis. */
  limiters?: LimiterStore;
  /** Usage buffer; main.ts passes its own so SIGTERM can flush it. */
  usage?: UsageRecorder;
  loginLimits?: LoginLimits;
  market?: MarketOptions;
  /** Readiness of this instance; main.ts passes its own so SIGTERM can report draining. */
  readiness?: Readiness;
  /** Metrics of this process; main.ts passes its own so METRICS_PORT can serve them. */
  metrics?: Metrics;
  /** True when /metrics is served on METRICS_PORT, so the API port does not serve it. */
  metricsOnOwnPort?: boolean;
  /** CORS_ORIGINS: none by default. */
  corsOrigins?: readonly string[];
}

/** The HTTP application: middleware in the order of DESIGN.md §1, then routes, then the one error handler. */
export function createApp(deps: AppDeps): Express {
  const contract = loadContract();
  const keyCache = deps.keyCache ?? new KeyCache();
  const limiters = deps.limiters ?? new LimiterStore();
  const usage = deps.usage ?? new UsageRecorder(deps.db, deps.logger);
  const responses = deps.market?.responses ?? new ResponseCache(deps.validateResponses);
  const answers = { responses, ...deps.market };
  const metrics = deps.metrics ?? new Metrics({ db: deps.db, responses, usage });
  const market = marketModule(deps.db, answers);
  const financials = financialsModule(deps.db, answers);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // ETags come from the response cache only (strong, over the cached bytes): Express's automatic weak ETag
  // would answer If-None-Match with 304 on routes whose contract has no 304 (account and billing routes).
  app.set('etag', false);
  app.use(helmet());
  app.use(requestLog(deps.logger));
  app.use(metrics.middleware());
  app.use(corsPolicy(deps.corsOrigins ?? []));
  const jsonBody = express.json({ limit: '32kb' });
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : jsonBody(req, res, next)));
  app.use(systemRoutes(contract, { readiness: deps.readiness ?? new Readiness(deps.db), metrics: deps.metricsOnOwnPort ? undefined : metrics }));
  app.use(consoleRoutes());
  app.use(authenticate(deps.db, keyCache));
  app.use(accountRateLimit(limiters), usageCounting(usage), requireKeyScope());
  app.use(market.cachedAnswers, financials.cachedAnswers);
  app.use(contractValidator(contract, deps.validateResponses));
  app.use(stocksRoutes(deps.db));
  app.use(accountsRoutes(deps.db, keyCache, new LoginThrottle(limiters, deps.loginLimits)));
  app.use(billingRoutes({ db: deps.db, keyCache, usage }));
  app.use(financials.routes);
  app.use(market.routes);
  app.use(errorHandler(errorCodesOfParameters(contract), deps.logger));
  return app;
}
