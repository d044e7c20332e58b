import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../db/connection';
import type { Dataset } from '../db/dataVersions';
import { canonicalUrl, DataVersions, ResponseCache, sendCached, type CacheKeys } from './responseCache';

export interface AnswerCacheOptions {
  /** How long a read data version is trusted (ms); 0 reads it on every request. */
  dataVersionTtlMs?: number;
  /** False turns the response cache off (benchmarks of the cold path); ETags are sent either way. */
  responseCache?: boolean;
  /** Whether the contract validator checks responses (then bodies go through res.json). */
  validateResponses?: boolean;
  /** A cache shared with other modules (one memory budget for all answers); a cache of its own otherwise. */
  responses?: ResponseCache;
}

export interface AnswerCacheScope {
  /** The data sets the cached answers are built from: a bump of any of them retires every older answer. */
  datasets: readonly Dataset[];
  /** Routes (without path parameters) whose repeats `cachedAnswers` may answer before validation. */
  paths: readonly string[];
  /** Extra part of every key, e.g. today's date when a defaulted parameter depends on it. */
  keyPrefix?: () => string;
}

type AnyRequest = Request<object, unknown, unknown, object>;

/**
 * A module's response cache: answers keyed on the versions of the data sets they come from, remembered under
 * their normalized request and their canonical URL, and `cachedAnswers`, which serves repeats by URL before
 * the contract validator and the routers run (the warm path).
 */
export class AnswerCache {
  readonly cache: ResponseCache;
  private readonly versions: DataVersions;
  private readonly caching: boolean;
  private readonly paths: ReadonlySet<string>;

  constructor(
    db: Db,
    private readonly scope: AnswerCacheScope,
    options: AnswerCacheOptions = {},
  ) {
    this.caching = options.responseCache ?? true;
    this.cache = options.responses ?? new ResponseCache(options.validateResponses ?? false);
    this.versions = new DataVersions(db, options.dataVersionTtlMs ?? 1000);
    this.paths = new Set(scope.paths);
  }

  /** The cache keys of a request described by `request` (its normalized form); null when caching is off. */
  async keys(req: AnyRequest, request: unknown): Promise<CacheKeys | null> {
    if (!this.caching) return null;
    const tag = await this.versionTag();
    return { key: `${tag}:${JSON.stringify(request)}`, alias: `${tag}:${canonicalUrl(req)}` };
  }

  private async versionTag(): Promise<string> {
    let tag = this.scope.keyPrefix?.() ?? '';
    for (const dataset of this.scope.datasets) tag += `${dataset}.${this.versions.fresh(dataset) ?? (await this.versions.of(dataset))}.`;
    return tag;
  }

  /**
   * Answers a repeat of a request that was validated and answered before from the cache; anything else
   * passes on. `eligible` may refuse a request whose answer is not cached (e.g. depends on the clock).
   */
  cachedAnswers(eligible: (res: Response) => Promise<boolean> | boolean = () => true) {
    return async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || !this.paths.has(req.path) || !this.caching || !res.locals.keyOwner) return next();
      if (!(await eligible(res))) return next();
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
