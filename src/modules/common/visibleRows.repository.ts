import type { Knex } from 'knex';

/** The exchange whose calendar serves all three (the SSE calendar; SZSE and BSE trade the same days). */
export const CALENDAR = 'SSE';

/** The one delay filter: rows whose time column is after the cutoff are not yet visible. */
export function whereVisible<Q extends Knex.QueryBuilder>(query: Q, column: string, cutoff: string | null): Q {
  if (cutoff === null) return query;
  return query.where((q) => q.whereNull(column).orWhere(column, '<=', cutoff)) as Q;
}
