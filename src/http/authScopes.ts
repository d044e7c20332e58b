import type { Scope } from '../modules/accounts/keyMaterial';

/** Route prefix → the scope a key needs. The one place that maps data routes to scopes. */
const SCOPE_OF_PREFIX: ReadonlyArray<[string, Scope]> = [
  ['/v1/market/', 'market'],
  ['/api/v1/stocks/', 'market'],
  ['/api/v1/indices', 'market'],
  ['/v1/financials/', 'financials'],
  ['/api/v1/fundamentals', 'financials'],
  ['/v1/stock/', 'reference'],
  ['/v1/industry/', 'reference'],
  ['/v1/indices/', 'reference'],
  ['/v1/events/', 'events'],
];

/** The scope a data path needs, or undefined for paths outside every family (they 404 later). */
export function scopeOfPath(path: string): Scope | undefined {
  const lower = path.toLowerCase();
  return SCOPE_OF_PREFIX.find(([prefix]) => lower.startsWith(prefix))?.[1];
}
