import type { Knex } from 'knex';
import type { MarketClock, Visibility } from '../../domain/time/marketTime';

export type { MarketClock };

/** The exchange whose calendar serves all three (the SSE calendar; SZSE and BSE trade the same days). */
export const CALENDAR = 'SSE';

/** The newest market time a plan sees on a clock (null: every loaded row). */
export const cutoffOf = (visibility: Visibility, clock: MarketClock) =>
  clock === 'daily' ? visibility.dailyThrough : visibility.minuteThrough;

/**
 * The one plan-delay filter: rows whose market time (`column`: a trade date, or a Beijing minute or tick time)
 * is after the plan's cut-off (`visibilityAt`, src/domain/time/marketTime.ts) are not yet visible. A range on the
 * column every such table leads its keys with, so it narrows the index range the query reads anyway.
 */
export function whereVisible<Q extends Knex.QueryBuilder>(query: Q, column: string, cutoff: string | null): Q {
  return cutoff === null ? query : (query.where(column, '<=', cutoff) as Q);
}

/** The rows the plan does not see yet: the complement of `whereVisible` under the same cut-off. */
export function whereHidden<Q extends Knex.QueryBuilder>(query: Q, column: string, cutoff: string): Q {
  return query.where(column, '>', cutoff) as Q;
}
