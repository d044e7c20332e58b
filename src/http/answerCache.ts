import type { NextFunction, Request, Response } from 'express';
import type { Db } from '../db/connection';
import { DataVersions, type Dataset } from '../db/dataVersions';
import { exchangeToday } from '../domain/clock';
import { AnswerStore, canonicalUrl, etagOf, JsonText, sendTagged } from './answerStore';
import type { CachePolicy } from './operations';

export interface AnswerCacheOptions {
  /** How long a read data version is trusted (ms); 0 reads it on every request. */
  dataVersionTtlMs?: number;
  /** False stores no answers (benchmarks of the cold path, `RESPONSE_CACHE=off`); ETags are sent either way. */
  enabled?: boolean;
  /** Whether the contract validator checks responses (then bodies go through res.json). */
  validateResponses?: boolean;
}

/** Where an answer is stored: its normalized-request key, and an alias by the canonical request URL. */
interface AnswerKeys {
  key: string;
  alias: string;
}

/**
 * The answer cache of every operation with `x-cache` in the contract: answers stored under the versions of
 * the data sets they come from and today's exchange date (defaults such as `end_date` follow it), found by
 * their normalized request (`send`, in the handler) and by their canonical URL (`repeats`, the warm path
 * before the contract validator and the handlers).
 */
export class AnswerCache {
  private readonly store = new AnswerStore();
  private readonly versions: DataVersions;
  private readonly enabled: boolean;
  private readonly validatesResponses: boolean;

  constructor(db: Db, options: AnswerCacheOptions = {}) {
    this.versions = new DataVersions(db, options.dataVersionTtlMs ?? 1000);
    this.enabled = options.enabled ?? true;
    this.validatesResponses = options.validateResponses ?? false;
  }

  /** The operation's cache policy when its answer to this caller may be stored; null otherwise. */
  private policyFor(res: Response): CachePolicy | null {
    const policy = res.locals.operation?.cache ?? null;
    if (!this.enabled || policy === null || res.locals.keyOwner === undefined) return null;
    return policy.realtimeOnly && res.locals.keyOwner.dailyDelayMinutes > 0 ? null : policy;
  }

  private async versionTag(datasets: readonly Dataset[]): Promise<string> {
    let tag = exchangeToday();
    for (const dataset of datasets) tag += `.${dataset}.${this.versions.fresh(dataset) ?? (await this.versions.of(dataset))}`;
    return tag;
  }

  private async keys(req: Request, res: Response, request: unknown): Promise<AnswerKeys | null> {
    const policy = this.policyFor(res);
    if (policy === null || request === null) return null;
    const tag = await this.versionTag(policy.datasets);
    return { key: `${tag}:${JSON.stringify(request)}`, alias: `${tag}:${canonicalUrl(req)}` };
  }

  /**
   * Answers from the store when the request (described by `request`, its normalized form; null: never
   * stored) was answered before; otherwise builds the body, stores it when the operation's policy allows and
   * sends it. Either way with `ETag` and `Cache-Control`, and 304 for a matching `If-None-Match`.
   */
  async send<B>(req: Request<object, B, unknown, object>, res: Response<B>, request: unknown, build: () => Promise<B | JsonText>): Promise<void> {
    const keys = await this.keys(req as Request, res, request);
    const hit = keys === null ? undefined : this.store.get(keys.key);
    const raw = res as Response; // the bytes of a typed body
    if (hit) return sendTagged(req, raw, hit.etag, () => raw.type('json').send(hit.body));
    const payload = await build();
    const body = payload instanceof JsonText ? payload.toBuffer() : Buffer.from(JSON.stringify(payload));
    const etag = etagOf(body);
    if (keys !== null) {
      this.store.set(keys.key, { body, etag });
      this.store.alias(keys.alias, keys.key);
    }
    // With response validation on (tests), res.json lets the validator see an object; otherwise the bytes made
    // for the ETag are sent as they are, so an answer is serialized once.
    sendTagged(req, raw, etag, () => (this.validatesResponses ? raw.json(JSON.parse(body.toString())) : raw.type('json').send(body)));
  }

  /** The warm path: a repeat of a GET answered before is answered from the store by its canonical URL; anything else passes on. */
  repeats() {
    return async (req: Request, res: Response, next: NextFunction) => {
      const policy = req.method === 'GET' ? this.policyFor(res) : null;
      if (policy === null) return next();
      const hit = this.store.get(`${await this.versionTag(policy.datasets)}:${canonicalUrl(req)}`);
      if (hit === undefined) return next();
      sendTagged(req, res, hit.etag, () => res.type('json').send(hit.body));
    };
  }
}
