import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connection';
import type { Dataset } from '../db/dataVersions';

interface CachedBody {
  /** UTF-8 bytes, ready to send: no re-encoding per hit, and about half the memory of the JS string. */
  body: Buffer;
  etag: string;
}

export const CACHE_CONTROL = 'private, max-age=60';
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Serialized responses keyed by the normalized query and the data version it was built from, so an import
 * that bumps the version makes every older entry unreachable (the LRU then drops them). An alias holds only
 * the key it points at, so an answer's bytes are counted (and held) once.
 */
export class ResponseCache {
  /** Set when the contract validator checks responses: it sees only what goes through res.json. */
  constructor(readonly validatesResponses = false) {}

  private readonly entries = new LRUCache<string, CachedBody | string>({
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (entry) => (typeof entry === 'string' ? entry.length * 2 : entry.body.length) || 1,
  });

  /** Lookups that found an answer (metrics). */
  hits = 0;

  get(key: string): CachedBody | undefined {
    const entry = this.entries.get(key);
    const found = typeof entry === 'string' ? (this.entries.get(entry) as CachedBody | undefined) : entry;
    if (found) this.hits += 1;
    return found;
  }

  /** Bytes held, aliases included (metrics). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  set(key: string, entry: CachedBody): void {
    if (entry.body.length <= MAX_CACHED_BYTES / 4) this.entries.set(key, entry);
  }

  /** `alias` answers what `key` answers (for as long as the LRU keeps both). */
  alias(alias: string, key: string): void {
    if (alias !== key && this.entries.has(key)) this.entries.set(alias, key);
  }
}

/**
 * The version counters of data sets, read from the database at most once per `ttlMs` (imports bump them;
 * a response may lag an import by that long).
 */
export class DataVersions {
  private readonly seen = new Map<Dataset, { version: number; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  /** The version when it was read less than `ttlMs` ago (no promise on the hot path), else undefined. */
  fresh(dataset: Dataset): number | undefined {
    const known = this.seen.get(dataset);
    return known && Date.now() - known.at < this.ttlMs ? known.version : undefined;
  }

  async of(dataset: Dataset): Promise<number> {
    const known = this.fresh(dataset);
    if (known !== undefined) return known;
    const row = await this.db('data_versions').where({ dataset }).first('version');
    const version = row ? Number(row.version) : 0;
    this.seen.set(dataset, { version, at: Date.now() });
    return version;
  }
}

/**
 * RFC 9110 If-None-Match with weak comparison. Not `req.fresh`: that treats a request's `Cache-Control:
 * no-cache` as stale, and fetch() adds exactly that to every conditional request; the origin may still
 * answer 304.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function sendWithTag(req: Request<object, unknown, unknown, object>, res: Response, etag: string, send: () => void): void {
  res.set({ ETag: etag, 'Cache-Control': CACHE_CONTROL });
  if (matchesIfNoneMatch(req.get('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  send();
}

/** Where an answer is cached: its normalized-query key, and an alias by the canonical request URL. */
export interface CacheKeys {
  key: string;
  alias: string;
}

/** Path and query of a request with `api_key` left out and the parameters sorted: the alias of its answer. */
export function canonicalUrl(req: Request<object, unknown, unknown, object>): string {
  const params = new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1 || req.originalUrl.length));
  params.delete('api_key');
  params.sort();
  return `${req.path}?${params}`;
}

/** Sends a cached answer (with ETag, Cache-Control and 304 rules); false when there is none. */
export function sendCached(req: Request<object, unknown, unknown, object>, res: Response, cache: ResponseCache, key: string): boolean {
  const hit = cache.get(key);
  if (!hit) return false;
  sendWithTag(req, res, hit.etag, () => res.type('json').send(hit.body));
  return true;
}

/**
 * A body already serialized to JSON, as pieces of text that are never joined into one string: they are
 * encoded straight into the body's bytes (a large answer then exists once as text pieces and once as bytes,
 * and a piece with a Chinese name does not turn megabytes of bars into a two-byte string).
 */
export class JsonText {
  constructor(readonly pieces: readonly string[]) {}

  toBuffer(): Buffer {
    let length = 0;
    for (const piece of this.pieces) length += Buffer.byteLength(piece);
    const bytes = Buffer.allocUnsafe(length);
    let at = 0;
    for (const piece of this.pieces) at += bytes.write(piece, at);
    return bytes;
  }
}

/**
 * Answers from the cache when `keys` are given and known; otherwise builds the body, remembers it under the
 * key and its alias (when given) and sends it. Either way with `ETag` and `Cache-Control`, and 304 for a
 * matching `If-None-Match`.
 */
export async function sendCacheable(
  req: Request<object, unknown, unknown, object>,
  res: Response,
  cache: ResponseCache,
  keys: CacheKeys | null,
  build: () => Promise<unknown>,
): Promise<void> {
  if (keys !== null && sendCached(req, res, cache, keys.key)) return;
  const payload = await build();
  const body = payload instanceof JsonText ? payload.toBuffer() : Buffer.from(JSON.stringify(payload));
  const etag = etagOf(body);
  if (keys !== null) {
    cache.set(keys.key, { body, etag });
    cache.alias(keys.alias, keys.key);
  }
  // With response validation on (tests), res.json lets the validator see an object; otherwise the bytes made
  // for the ETag are sent as they are, so an answer is serialized once.
  sendWithTag(req, res, etag, () => (cache.validatesResponses ? res.json(JSON.parse(body.toString())) : res.type('json').send(body)));
}
