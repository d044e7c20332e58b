import type { KeyOwner } from '../../http/ports';

interface Entry {
  owner: KeyOwner | null;
  storedAt: number;
}

/**
 * Key lookups remembered for a few seconds so the hot path does not query the database on every request.
 * Unknown keys are remembered too (as null), which also blunts key-guessing floods.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(keyHash: string): KeyOwner | null | undefined {
    const entry = this.entries.get(keyHash);
    if (entry === undefined || Date.now() - entry.storedAt > this.ttlMs) return undefined;
    return entry.owner;
  }

  set(keyHash: string, owner: KeyOwner | null): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(keyHash, { owner, storedAt: Date.now() });
  }

  /** Forgets a key at once, e.g. when it is deleted or changed. */
  forgetKey(keyId: number): void {
    for (const [hash, entry] of this.entries) if (entry.owner?.keyId === keyId) this.entries.delete(hash);
  }

  /** Forgets every key of an account, e.g. when its plan (and so its rate limit) changes. */
  forgetAccount(accountId: number): void {
    for (const [hash, entry] of this.entries) if (entry.owner?.accountId === accountId) this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
  }
}
