import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const ALL_SCOPES = ['market', 'financials', 'reference', 'events'] as const;
export type Scope = (typeof ALL_SCOPES)[number];

const KEY_PREFIX = 'ak_';
const VISIBLE_LENGTH = KEY_PREFIX.length + 8;

/** A new API key: `ak_` + 32 random bytes in base64url. Only its hash and visible prefix are stored. */
export function newApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256 of a key in hex; on every API-key request, so the one-shot `hash`, cheaper than a `createHash` object. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function visiblePrefix(key: string): string {
  return key.slice(0, VISIBLE_LENGTH);
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
