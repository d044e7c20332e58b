import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

/** An answer: a serialized response body, its ETag, and its headers besides JSON's (a table's media type and paging). */
export interface Answer {
  /** UTF-8 bytes, ready to send: no re-encoding per hit, and about half the memory of the JS string. */
  body: Buffer;
  etag: string;
  headers?: Readonly<Record<string, string>>;
}

export const CACHE_CONTROL = 'private, max-age=60';
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Answers keyed by the normalized request (`answerKey`) and the data versions they were built from, so an
 * import that bumps a version makes every older entry unreachable (the LRU then drops them).
 */
export class AnswerStore {
  private readonly entries = new LRUCache<string, Answer>({
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (entry) => entry.body.length || 1,
  });

  /** Lookups that found an answer (metrics). */
  hits = 0;

  get(key: string): Answer | undefined {
    const found = this.entries.get(key);
    if (found) this.hits += 1;
    return found;
  }

  /** Bytes held (metrics). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  set(key: string, entry: Answer): void {
    if (entry.body.length <= MAX_CACHED_BYTES / 4) this.entries.set(key, entry);
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

/**
 * Sends an answer with `ETag` and `Cache-Control`, or 304 for a matching `If-None-Match`; `send` writes the
 * body. Headers go straight to node's response (`setHeader`): Express's `res.set` checks and rewrites each.
 */
export function sendTagged(req: Pick<Request, 'headers'>, res: Response, etag: string, send: () => void): void {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  send();
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Ends a response with an answer's bytes and headers (JSON's media type unless it names its own), as
 * `res.type('json').send(bytes)` would (a HEAD answer keeps Content-Length, node leaves the body out), without
 * its MIME lookup, charset parsing and second freshness check: an answer's bytes are final.
 */
export function sendAnswerBytes(res: Response, { body, headers }: Pick<Answer, 'body' | 'headers'>): void {
  res.setHeader('Content-Type', JSON_TYPE);
  for (const name in headers) res.setHeader(name, headers[name]!);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

const UTF8 = new TextEncoder();

/**
 * A text's UTF-8 bytes, by TextEncoder: for a two-byte string (any answer with a Chinese name in it) about twice
 * as fast as Buffer.from, and never slower for a one-byte one (`make bench-cross-section`'s statements and
 * valuations; docs/operations.md, "Footprint").
 */
export function utf8Bytes(text: string): Buffer {
  const bytes = UTF8.encode(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A body already serialized to JSON, as pieces of text that are never joined into one string: they are
 * encoded straight into the body's bytes (a large answer then exists once as text pieces and once as bytes,
 * and a piece with a Chinese name does not turn megabytes of bars into a two-byte string). A piece already
 * UTF-8 (a stored record) is copied as it is.
 */
export class JsonText {
  /**
   * `afterSent`: work the answer leaves for after its bytes are sent (keeping what it read for the next reads):
   * on an embedded database it is synchronous, and done before the answer it would hold the answer back.
   */
  constructor(
    readonly pieces: readonly (string | Buffer)[],
    readonly afterSent?: () => void,
  ) {}

  toBuffer(): Buffer {
    let length = 0;
    for (const piece of this.pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
    const bytes = Buffer.allocUnsafe(length);
    let at = 0;
    for (const piece of this.pieces) at += typeof piece === 'string' ? bytes.write(piece, at) : piece.copy(bytes, at);
    return bytes;
  }
}
