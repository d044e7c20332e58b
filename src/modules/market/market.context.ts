import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from '../../db/connection';
import type { KeyOwner } from '../accounts/apiKeys.repository';
import { AnswerCache, type AnswerCacheOptions } from '../../http/cachedAnswers';
import type { CacheKeys, ResponseCache } from '../../http/responseCache';
import { PlanRules, type Visibility } from './market.visibility';

/** Routes whose answers are cached (daily and longer data). */
const CACHED_PATHS = [
  '/v1/market/daily', '/v1/market/klines', '/v1/market/adjustment-factor', '/api/v1/stocks/prices', '/api/v1/indices',
];

export interface MarketOptions extends AnswerCacheOptions {
  /** Secret that signs trade cursors; a random one per process when absent (cursors then die with it). */
  cursorSecret?: string;
}

/** What the market handlers share: the database, plan rules, the response cache and the cursor secret. */
export class MarketContext {
  readonly plans: PlanRules;
  readonly answers: AnswerCache;
  readonly cursorSecret: string;

  constructor(
    readonly db: Db,
    options: MarketOptions = {},
  ) {
    // Cached answers hold bars and factors (`market`) and names and the calendar (`reference`).
    this.answers = new AnswerCache(db, { datasets: ['market', 'reference'], paths: CACHED_PATHS }, options);
    this.plans = new PlanRules(db);
    this.cursorSecret = options.cursorSecret ?? randomBytes(32).toString('hex');
  }

  get cache(): ResponseCache {
    return this.answers.cache;
  }

  visibility(res: Response): Promise<Visibility> {
    return this.plans.visibility((res.locals.keyOwner as KeyOwner).planId);
  }

  /**
   * The cache keys of a request. Null (not cached) when the plan sees the data with a delay: its answer then
   * depends on the clock, not only on the data version.
   */
  async cacheKey(req: Request<object, unknown, unknown, object>, cutoff: string | null, request: unknown): Promise<CacheKeys | null> {
    return cutoff !== null ? null : this.answers.keys(req, request);
  }

  /** Repeats of cached requests answered before the contract validator (plans without a delay only). */
  cachedAnswers() {
    return this.answers.cachedAnswers(async (res) => (await this.visibility(res)).dailyCutoff === null);
  }
}
