import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Db } from './db/connection';
import { AnswerCache, type AnswerCacheOptions } from './http/answerCache';
import { loadContract } from './http/contract';
import { httpApp } from './http/httpApp';
import { LimiterStore } from './http/rateLimitStore';
import { consoleRoutes } from './console/console.routes';
import { apiKeysHandlers } from './modules/accounts/apiKeys.handlers';
import { keyOwnerLookup } from './modules/accounts/apiKeys.service';
import { authHandlers } from './modules/accounts/auth.handlers';
import { KeyCache } from './modules/accounts/keyCache.service';
import { hashKey } from './modules/accounts/keyMaterial.service';
import { LoginThrottle, type LoginLimits } from './modules/accounts/loginThrottle.service';
import { findSessionAccount } from './modules/accounts/sessions.repository';
import { billingHandlers } from './modules/billing/billing.handlers';
import { UsageRecorder } from './modules/billing/usage.service';
import { financialsHandlers } from './modules/financials/financials.handlers';
import { marketHandlers } from './modules/market/market.handlers';
import { stocksHandlers } from './modules/stocks/stocks.handlers';
import { referenceHandlers } from './modules/reference/reference.handlers';
import { eventsHandlers } from './modules/events/events.handlers';
import { systemRoutes } from './modules/system/system.routes';

export interface AppDeps {
  db: Db;
  logger: Logger;
  validateResponses: boolean;
  keyCache?: KeyCache;
  /** Rate-limit store: in-process unless given one on Redis. */
  limiters?: LimiterStore;
  /** Usage buffer; main.ts passes its own so SIGTERM can flush it. */
  usage?: UsageRecorder;
  loginLimits?: LoginLimits;
  answerCache?: Omit<AnswerCacheOptions, 'validateResponses'>;
  /** Secret that signs trade cursors; a random one per process when absent (cursors then die with it). */
  cursorSecret?: string;
}

/** The composition root: the modules answer the HTTP layer's ports and give a handler for every operation. */
export function createApp(deps: AppDeps): Express {
  const { db, logger, validateResponses } = deps;
  const contract = loadContract();
  const keyCache = deps.keyCache ?? new KeyCache();
  const limiters = deps.limiters ?? new LimiterStore();
  const usage = deps.usage ?? new UsageRecorder(db, logger);
  const answers = new AnswerCache(db, { validateResponses, ...deps.answerCache });
  return httpApp({
    contract,
    logger,
    validateResponses,
    limiters,
    answers,
    access: {
      keyOwner: keyOwnerLookup(db, keyCache),
      session: (token) => findSessionAccount(db, hashKey(token)),
      recordUsage: (owner, endpoint) => usage.record(owner, endpoint),
    },
    handlers: {
      ...stocksHandlers(db),
      ...referenceHandlers(db),
      ...eventsHandlers(db),
      ...marketHandlers({ db, answers, cursorSecret: deps.cursorSecret }),
      ...financialsHandlers(db, answers),
      ...authHandlers(db, new LoginThrottle(limiters, deps.loginLimits)),
      ...apiKeysHandlers(db, keyCache),
      ...billingHandlers({ db, usage, onPlanChange: (accountId) => keyCache.forgetAccount(accountId) }),
    },
    openRoutes: [systemRoutes(contract), consoleRoutes()],
  });
}
