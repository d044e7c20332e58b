import type { Db } from '../../db/connection';
import type { FieldSource, ParamFilter, TushareApi } from './tushare.types';

/** A parameter's filter with the value it was given (codes already split, dates in the store's form). */
export interface AppliedFilter {
  filter: ParamFilter;
  value: string | string[];
}

/**
 * One page of an api's rows: its table and joins, its fixed conditions and the request's filters, the fields
 * as `f0`, `f1`, … (a field may be an expression), in the api's order; `limit + 1` rows to tell `has_more`.
 */
export async function tushareRows(db: Db, api: TushareApi, filters: AppliedFilter[], fields: FieldSource[], window: { limit: number; offset: number }): Promise<Record<string, unknown>[]> {
  const query = db(`${api.table} as t`);
  for (const join of api.joins ?? []) query.leftJoin(join.table, join.on[0], join.on[1]);
  for (const condition of api.whereRaw ?? []) query.whereRaw(condition);
  for (const { filter, value } of filters) {
    if (filter.op === 'in') query.whereIn(filter.column, value as string[]);
    else if (filter.op !== 'only') query.where(filter.column, filter.op === 'eq' ? '=' : filter.op === 'gte' ? '>=' : '<=', value as string);
  }
  query.select(fields.map((field, i) => db.raw(`${field.column} as f${i}`)));
  for (const [column, direction] of api.order) query.orderBy(column, direction);
  return query.limit(window.limit + 1).offset(window.offset);
}

const KEY_COLUMNS = new Set(['ts_code', 'end_date', 'report_type', 'f_ann_date', 'ann_date', 'comp_type', 'end_type', 'update_flag']);

/** The figure columns of a statement table, in the table's order (Tushare's, as the migrations list them). */
export async function statementValueColumns(db: Db, table: string): Promise<string[]> {
  return Object.keys(await db(table).columnInfo()).filter((column) => !KEY_COLUMNS.has(column));
}
