import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../../db/connection';
import type { KeyOwner } from '../accounts/apiKeys.repository';
import { canonicalUrl, DataVersions, ResponseCache, sendCached, type CacheKeys } from '../../http/responseCache';
import { PlanRules, type Visibility } from './market.visibility';

/** Routes whose answers are cached (daily and longer data). */
const CACHED_PATHS = new Set([
  '/v1/market/daily', '/v1/market/klines', '/v1/market/adjustment-factor', '/api/v1/stocks/prices', '/api/v1/indices',
]);

export interface MarketOptions {
  /** Secret that signs trade cursors; a random one per process when absent (cursors then die with it). */
  cursorSecret?: string;
  /** How long a read data version is trusted (ms); 0 reads it on every request. */
  dataVersionTtlMs?: number;
  /** False turns the response cache off (benchmarks of the cold path); ETags are sent either way. */
  responseCache?: boolean;
  /** Whether the contract validator checks responses (then bodies go through res.json). */
  validateResponses?: boolean;
}

/** What the market handlers share: the database, plan rules, the response cache and the cursor secret. */
export class MarketContext {
  readonly plans: PlanRules;
  readonly cache: ResponseCache;
  readonly versions: DataVersions;
  readonly cursorSecret: string;
  private readonly caching: boolean;

  constructor(
    readonly db: Db,
    options: MarketOptions = {},
  ) {
    this.caching = options.responseCache ?? true;
    this.cache = new ResponseCache(options.validateResponses ?? false);
    this.plans = new PlanRules(db);
    this.versions = new DataVersions(db, options.dataVersionTtlMs ?? 1000);
    this.cursorSecret = options.cursorSecret ?? randomBytes(32).toString('hex');
  }

  visibility(res: Response): Promise<Visibility> {
    return this.plans.visibility((res.locals.keyOwner as KeyOwner).planId);
  }

  /**
   * The cache keys of a request: its normalized form, and its canonical URL (what `cachedAnswers` looks up
   * before validation). Null (not cached) when the plan sees the data with a delay: its answer then depends
   * on the clock, not only on the data version.
   */
  async cacheKey(req: Request<object, unknown, unknown, object>, cutoff: string | null, request: unknown): Promise<CacheKeys | null> {
    if (cutoff !== null || !this.caching) return null;
    const version = await this.versionTag();
    return { key: `${version}:${JSON.stringify(request)}`, alias: `${version}:${canonicalUrl(req)}` };
  }

  /** Cached answers hold bars and factors (`market`) and names and the calendar (`reference`). */
  private async versionTag(): Promise<string> {
    return `market.${await this.versions.of('market')}.reference.${await this.versions.of('reference')}`;
  }

  /**
   * Answers a repeat of a request that was validated and answered before, from the cache, before the
   * contract validator and the routers run (the warm path); anything else passes on.
   */
  cachedAnswers() {
    return async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || !CACHED_PATHS.has(req.path) || !this.caching || !res.locals.keyOwner) return next();
      if ((await this.visibility(res)).dailyCutoff !== null) return next();
      // Usage counting names the operation by the validator's `req.openapi.openApiRoute`; these paths have no
      // path parameters, so the route is the path itself.
      (req as Request & { openapi?: { openApiRoute: string } }).openapi = { openApiRoute: req.path };
      if (!sendCached(req, res, this.cache, `${await this.versionTag()}:${canonicalUrl(req)}`)) {
        delete (req as Request & { openapi?: unknown }).openapi;
        next();
      }
    };
  }
}
