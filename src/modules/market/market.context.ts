import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { Db } from '../../db/connection';
import type { Dataset } from '../../db/dataVersions';
import type { KeyOwner } from '../accounts/apiKeys.repository';
import { DataVersions, ResponseCache } from '../../http/responseCache';
import { PlanRules, type Visibility } from './market.visibility';

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
   * The cache key of a normalized request, or null (not cached) when the plan sees the data with a delay:
   * its answer then depends on the clock, not only on the data version.
   */
  async cacheKey(dataset: Dataset, cutoff: string | null, request: unknown): Promise<string | null> {
    if (cutoff !== null || !this.caching) return null;
    return `${dataset}:${await this.versions.of(dataset)}:${JSON.stringify(request)}`;
  }
}
