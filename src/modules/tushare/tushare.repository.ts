import type { Db } from '../../db/connection';
import { whereHidden, whereVisible } from '../common/visibleRows.repository';
import type { FieldSource, ParamFilter, TushareApi } from './tushare.types';

/** A parameter's filter with the value it was given (codes already split, dates in the store's form). */
export interface AppliedFilter {
  filter: ParamFilter;
  value: string | string[];
}

/** An api's table and joins, its fixed conditions and the request's filters. */
function matching(db: Db, api: TushareApi, filters: AppliedFilter[]) {
  const query = db(`${api.table} as t`);
  for (const join of api.joins ?? []) query.leftJoin(join.table, join.on[0], join.on[1]);
  for (const condition of api.whereRaw ?? []) query.whereRaw(condition);
  for (const { filter, value } of filters) {
    if (filter.op === 'in') query.whereIn(filter.column, value as string[]);
    else if (filter.op !== 'only') query.where(filter.column, filter.op === 'eq' ? '=' : filter.op === 'gte' ? '>=' : '<=', value as string);
  }
  return query;
}

/**
 * One page of an api's matching rows the plan sees (`cutoff` on its market-time column; null: all), the fields
 * as `f0`, `f1`, … (a field may be an expression), in the api's order; `limit + 1` rows to tell `has_more`.
 */
export async function tushareRows(db: Db, api: TushareApi, filters: AppliedFilter[], fields: FieldSource[], window: { limit: number; offset: number }, cutoff: string | null): Promise<Record<string, unknown>[]> {
  const query = api.marketTime === undefined ? matching(db, api, filters) : whereVisible(matching(db, api, filters), api.marketTime.column, cutoff);
  query.select(fields.map((field, i) => db.raw(`${field.column} as f${i}`)));
  for (const [column, direction] of api.order) query.orderBy(column, direction);
  return query.limit(window.limit + 1).offset(window.offset);
}

/** The earliest market time of the api's matching rows past the plan's cut-off, or null when none is hidden. */
export async function firstHiddenTime(db: Db, api: TushareApi, column: string, filters: AppliedFilter[], cutoff: string): Promise<string | null> {
  const row = await whereHidden(matching(db, api, filters), column, cutoff).orderBy(column).first(db.raw(`${column} as t0`));
  return row ? String(row.t0) : null;
}

const KEY_COLUMNS = new Set(['ts_code', 'end_date', 'report_type', 'f_ann_date', 'ann_date', 'comp_type', 'end_type', 'update_flag']);

/** The figure columns of a statement table, in the table's order (Tushare's, as the migrations list them). */
export async function statementValueColumns(db: Db, table: string): Promise<string[]> {
  return Object.keys(await db(table).columnInfo()).filter((column) => !KEY_COLUMNS.has(column));
}
