import type { NextFunction, Request, Response } from 'express';
import type { DataVersions, Dataset } from '../../db/dataVersions';
import { answerKey } from './answerKey';
import { exchangeToday } from '../../domain/time/clock';
import { answerFormatOf } from './answerFormat';
import {
  AnswerStore,
  CACHE_CONTROL,
  etagOf,
  JsonText,
  sendAnswerBytes,
  sendTagged,
  utf8Bytes,
  type Answer,
} from './answerStore';
import type { CachePolicy } from '../operations';
import { RowsAnswer } from './rowsAnswer';
import { bytesOf, streamText, tableText, type Envelope } from './tableWriter';
import { urlQuery } from '../urlQuery';

/** The envelope a table is written from (JSON text read back: the answers built as text are JSON first). */
const envelopeOf = (payload: unknown): Envelope =>
  (payload instanceof JsonText ? JSON.parse(payload.toBuffer().toString()) : payload) as Envelope;

export interface AnswerCacheOptions {
  /** False stores no answers (benchmarks of the cold path, `RESPONSE_CACHE=off`); ETags are sent either way. */
  enabled?: boolean;
}

/**
 * The answer cache of every operation with `x-cache` in the contract: answers stored under the versions of
 * the data sets they come from and today's exchange date (defaults such as `end_date` follow it), stored and
 * found by one key, `answerKey` of the operation and the query: by `send` in the handler and by `repeats`, the
 * warm path before the contract validator and the handlers.
 */
export class AnswerCache {
  private readonly store = new AnswerStore();

  /** Answers served from the store, those of them on the warm path, and the bytes it holds (metrics). */
  get stats(): { hits: number; warmHits: number; bytes: number } {
    return { hits: this.store.hits, warmHits: this.warmHits, bytes: this.store.bytes };
  }
  private warmHits = 0;
  /** The version tag of each operation's data sets, and until when it holds (see freshTag). */
  private readonly tags = new Map<readonly Dataset[], { tag: string; day: string; until: number }>();
  private readonly enabled: boolean;

  /**
   * `versions`: the data versions the answers are keyed on, made by the composition root and shared with what
   * builds answers from memory (search, code history, calendar, stock list), so no answer is stored under a
   * newer version than what it was built from.
   */
  constructor(
    private readonly versions: DataVersions,
    options: AnswerCacheOptions = {},
  ) {
    this.enabled = options.enabled ?? true;
  }

  /** The operation's cache policy when its answer to this caller may be stored; null otherwise. */
  private policyFor(res: Response): CachePolicy | null {
    const policy = res.locals.operation?.cache ?? null;
    if (!this.enabled || policy === null || res.locals.keyOwner === undefined) return null;
    return policy.realtimeOnly && res.locals.keyOwner.dailyDelayMinutes > 0 ? null : policy;
  }

  /**
   * The version tag of the data sets when every version in it is still trusted and the day unchanged, else
   * undefined: the warm path composes the tag once per data-version read (DataVersions' TTL, 1 s), not per
   * request.
   */
  private freshTag(datasets: readonly Dataset[]): string | undefined {
    const known = this.tags.get(datasets);
    return known !== undefined && Date.now() < known.until && known.day === exchangeToday() ? known.tag : undefined;
  }

  private async versionTag(datasets: readonly Dataset[]): Promise<string> {
    const fresh = this.freshTag(datasets);
    if (fresh !== undefined) return fresh;
    const day = exchangeToday();
    let tag = day;
    for (const dataset of datasets)
      tag += `.${dataset}.${this.versions.fresh(dataset) ?? (await this.versions.of(dataset))}`;
    this.tags.set(datasets, {
      tag,
      day,
      until: Math.min(...datasets.map((dataset) => this.versions.freshUntil(dataset))),
    });
    return tag;
  }

  /**
   * The key of a request's answer under the version tag: its form (JSON, CSV, NDJSON: a table asked for by
   * Accept has the same query) and `answerKey` of its operation and the query as the URL gives it (the
   * validator adds defaults to `req.query`, which the warm path, before it, does not see).
   */
  private keyOf(tag: string, req: Request, res: Response, policy: CachePolicy): string {
    // Answers from the live feed (a running bar) follow each plan's minute delay.
    const delay = policy.datasets.includes('live') ? `:m${res.locals.keyOwner!.minuteDelayMinutes}` : '';
    return `${tag}${delay}:${answerFormatOf(res)}:${answerKey(res.locals.operation!.operationId, urlQuery(req, res))}`;
  }

  /**
   * Answers from the store when the same request was answered before in the same form; otherwise builds the
   * envelope, writes it in the request's form (answerFormat), stores those bytes when the operation's policy
   * allows (and `store` is not false: an answer that must not be kept, e.g. minute klines) and sends them.
   * Either way with `ETag` and `Cache-Control`, and 304 for a matching `If-None-Match`. A table that is not
   * stored, or a RowsAnswer in any form, is streamed as it is written, without an ETag (a whole-market day is
   * megabytes).
   */
  async send<B>(
    req: Request<object, B, unknown, object>,
    res: Response<B>,
    build: () => Promise<B | JsonText | RowsAnswer>,
    { store = true } = {},
  ): Promise<void> {
    const [request, raw] = [req as Request, res as Response]; // the bytes of a typed body
    const policy = store ? this.policyFor(raw) : null;
    const key = policy === null ? null : this.keyOf(await this.versionTag(policy.datasets), request, raw, policy);
    const hit = key === null ? undefined : this.store.get(key);
    if (hit) return sendTagged(req, raw, hit.etag, () => sendAnswerBytes(raw, hit));
    const payload = await build();
    if (payload instanceof JsonText && payload.afterSent) raw.once('close', payload.afterSent);
    const format = answerFormatOf(raw);
    const operation = raw.locals.operation!;
    // A table, or rows written as they are in any form; else JSON of the payload.
    const text =
      payload instanceof RowsAnswer
        ? payload.text(format, operation.columns)
        : format === 'json'
          ? null
          : tableText(request, envelopeOf(payload), format, operation);
    let answer: Omit<Answer, 'etag'>;
    if (text === null)
      answer = { body: payload instanceof JsonText ? payload.toBuffer() : utf8Bytes(JSON.stringify(payload)) };
    else {
      if (key === null) {
        raw.setHeader('Cache-Control', CACHE_CONTROL);
        return streamText(request, raw, text);
      }
      answer = { body: bytesOf(text.chunks), headers: text.headers };
    }
    const tagged = { ...answer, etag: etagOf(answer.body) };
    if (key !== null) this.store.set(key, tagged);
    sendTagged(req, raw, tagged.etag, () => sendAnswerBytes(raw, tagged));
  }

  /**
   * The warm path: a repeat of a GET answered before is answered from the store by the same key as `send`
   * stores it under; anything else passes on (a parameter given twice, which the validator refuses, too).
   * Synchronous while the version tag is fresh (no promise per request).
   */
  repeats() {
    return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
      const policy = req.method === 'GET' ? this.policyFor(res) : null;
      if (policy === null || Object.values(urlQuery(req, res)).some((value) => typeof value !== 'string'))
        return next();
      const tag = this.freshTag(policy.datasets);
      if (tag === undefined)
        return this.versionTag(policy.datasets).then((fresh) => this.answerRepeat(fresh, policy, req, res, next));
      this.answerRepeat(tag, policy, req, res, next);
    };
  }

  private answerRepeat(tag: string, policy: CachePolicy, req: Request, res: Response, next: NextFunction): void {
    const hit: Answer | undefined = this.store.get(this.keyOf(tag, req, res, policy));
    if (hit === undefined) return next();
    this.warmHits += 1;
    sendTagged(req, res, hit.etag, () => sendAnswerBytes(res, hit));
  }
}
