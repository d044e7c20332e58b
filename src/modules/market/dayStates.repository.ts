import type { Knex } from 'knex';
import { STATE_FIELDS, type BarState } from '../../domain/market/adjust';

/** The state columns of day_states (`s`), each under its wire name. */
const STATE_COLUMNS = STATE_FIELDS.map((field) => `s.${field}`);

type StateColumns = { [F in (typeof STATE_FIELDS)[number]]: BarState[F] };

/** A bar read with its state columns (joinStates), its state apart. */
export function withState<B extends object>(row: B & StateColumns): B & { state: BarState } {
  const { risk_warning, limit_up, limit_down, limit_source, limit_move, limit_streak, listing_session, ...bar } = row;
  const state = { risk_warning, limit_up, limit_down, limit_source, limit_move, limit_streak, listing_session };
  return { ...(bar as B), state };
}

/** The bars of `query` (`b`) with their day's state joined on the key (one query, the state's primary key). */
export function joinStates<Q extends Knex.QueryBuilder>(query: Q): Q {
  return query
    .leftJoin('day_states as s', (join) => join.on('s.ts_code', 'b.ts_code').andOn('s.trade_date', 'b.trade_date'))
    .select(...STATE_COLUMNS) as Q;
}
