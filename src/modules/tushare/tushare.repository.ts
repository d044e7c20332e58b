import type { Db } from '../../db/connection';
import { arrayRows } from '../../db/arrayRows';
import { kindSql } from '../common/securityFilters.repository';
import { whereHidden, whereVisible } from '../common/visibleRows.repository';
import type { FieldSource, ParamFilter, TushareApi } from '../../domain/tables/tushareApi';
import { SEQ } from '../../domain/tables/tableLayout';
import { STATEMENT_FIGURES } from '../../domain/tables/statementFigures';

/** A parameter's filter with the value it was given (codes already split, dates in the store's form). */
export interface AppliedFilter {
  filter: ParamFilter;
  value: string | string[];
  /** With codes asked (`in`): the same securities' former codes, each up to the day the next took over (not on it). */
  former?: ReadonlyArray<{ code: string; until: string }>;
}

/** A column of the api's table (`t`), of its security (`s`) or of its valuation (`v`), as Knex quotes identifiers. */
const tableColumn = (column: string) => `t.${column}`;
const securityColumn = (column: string) => `s.${column}`;
const ALIAS = { table: 't', security: 's', valuation: 'v', current: 't', fixed: 't' } as const;
const fieldColumn = (field: FieldSource) => `${ALIAS[field.from]}.${field.column}`;

const joinsSecurity = (api: TushareApi, fields: readonly FieldSource[], filters: readonly AppliedFilter[]) =>
  (api.securityKind !== undefined && api.layout.table !== 'securities') ||
  fields.some((field) => field.from === 'security') ||
  filters.some(({ filter }) => filter.ofSecurity);

/** An api's table, its security where a field, filter or its kind needs it, and the request's filters. */
function matching(db: Db, api: TushareApi, filters: AppliedFilter[], fields: readonly FieldSource[] = []) {
  const query = db(`${api.layout.table} as t`);
  if (joinsSecurity(api, fields, filters)) query.leftJoin('securities as s', 's.ts_code', 't.ts_code');
  if (fields.some((field) => field.from === 'valuation'))
    query.leftJoin('daily_basic as v', (on) => on.on('v.ts_code', 't.ts_code').andOn('v.trade_date', 't.trade_date'));
  if (api.securityKind !== undefined) {
    if (api.layout.table === 'securities') query.where('t.kind', api.securityKind);
    else query.whereRaw(`${kindSql('t.ts_code', 's.kind')} = ?`, [api.securityKind]);
  }
  if (api.codeSuffix !== undefined) query.where(tableColumn('ts_code'), 'like', `%.${api.codeSuffix}`);
  for (const condition of api.where ?? [])
    if (condition[1] === 'in') query.whereIn(tableColumn(condition[0]), [...condition[2]]);
    else query.where(tableColumn(condition[0]), condition[1], condition[2]);
  for (const { filter, value, former = [] } of filters) {
    const column = filter.ofSecurity ? securityColumn(filter.column) : tableColumn(filter.column);
    if (filter.op === 'in' && former.length > 0) {
      const day = tableColumn(api.layout.marketTime!.column);
      query.where((q) => {
        q.whereIn(column, value as string[]);
        for (const { code, until } of former) q.orWhere((one) => one.where(column, code).where(day, '<', until));
      });
    } else if (filter.op === 'in') query.whereIn(column, value as string[]);
    else if (filter.op === 'suffix') query.where(column, 'like', `%.${value as string}`);
    else if (filter.op !== 'only')
      query.where(column, filter.op === 'eq' ? '=' : filter.op === 'gte' ? '>=' : '<=', value as string);
  }
  return query;
}

/**
 * One page of an api's matching rows the plan sees (`cutoff` on its table's market time; null: all), each an
 * array of the fields in the api's order (no object per row: a whole market's day is 5,500 of them, and the
 * flat-file export reads twenty years); `limit + 1` rows to tell `has_more`.
 */
export async function tushareRows(
  db: Db,
  api: TushareApi,
  filters: AppliedFilter[],
  fields: FieldSource[],
  window: { limit: number; offset: number },
  cutoff: string | null,
): Promise<unknown[][]> {
  const marketTime = api.layout.marketTime;
  const all = matching(db, api, filters, fields);
  const query = marketTime === undefined ? all : whereVisible(all, tableColumn(marketTime.column), cutoff);
  query.select(fields.map((field, i) => db.ref(fieldColumn(field)).as(`f${i}`)));
  for (const [column, direction] of api.order) query.orderBy(tableColumn(column), direction);
  if (api.layout.numbered) query.orderBy(tableColumn(SEQ));
  return arrayRows(query.limit(window.limit + 1).offset(window.offset));
}

/** The earliest market time of the api's matching rows past the plan's cut-off, or null when none is hidden. */
export async function firstHiddenTime(
  db: Db,
  api: TushareApi,
  filters: AppliedFilter[],
  cutoff: string,
): Promise<string | null> {
  const column = tableColumn(api.layout.marketTime!.column);
  const row = await whereHidden(matching(db, api, filters), column, cutoff)
    .orderBy(column)
    .first(db.ref(column).as('t0'));
  return row ? String(row.t0) : null;
}

/** The figure columns of a statement table, in Tushare's documented order (any other after): every column its layout does not name. */
export async function statementValueColumns(db: Db, api: TushareApi): Promise<string[]> {
  const documented: readonly string[] = STATEMENT_FIGURES[api.layout.table as keyof typeof STATEMENT_FIGURES] ?? [];
  const rank = (column: string) => (documented.includes(column) ? documented.indexOf(column) : documented.length);
  return Object.keys(await db(api.layout.table).columnInfo())
    .filter((column) => !(column in api.layout.columns))
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * The first and last day of a table's partition column; null when it holds no row. Two statements: SQLite reads
 * a lone min() or max() off the column's index, and scans the whole table for both in one.
 */
export async function partitionSpan(
  db: Db,
  table: string,
  column: string,
): Promise<{ first: string; last: string } | null> {
  const first = await db(table).min({ day: column }).first();
  if (first?.day == null) return null;
  const last = await db(table).max({ day: column }).first();
  return { first: String(first.day).slice(0, 10), last: String(last!.day).slice(0, 10) };
}

/** The days from `first` through `last` a table holds rows of, by its partition column, in order. */
export async function partitionDates(
  db: Db,
  table: string,
  column: string,
  first: string,
  last: string,
): Promise<string[]> {
  const days = await db(table).distinct(column).whereBetween(column, [first, last]).orderBy(column).pluck(column);
  return days.map((day: unknown) => String(day).slice(0, 10));
}

/** Every data set's version now, by name. */
export async function dataVersionsNow(db: Db): Promise<Record<string, number>> {
  const rows: Array<{ dataset: string; version: number }> = await db('data_versions').select('dataset', 'version');
  return Object.fromEntries(rows.map((row) => [row.dataset, Number(row.version)]));
}

/**
 * The kinds of security (kindSql: its listing's, else its code's) and the code suffixes a table holds rows of,
 * read off its distinct codes: whether a dataset restricted to one kind (fund_daily: ETFs) has any row at all.
 */
export async function kindsIn(db: Db, table: string): Promise<Array<{ kind: string; suffix: string }>> {
  const rows: Array<{ kind: string; suffix: string }> = await db
    .from(db(table).distinct('ts_code').as('t'))
    .leftJoin('securities as s', 's.ts_code', 't.ts_code')
    .distinct(db.raw(`${kindSql('t.ts_code', 's.kind')} as kind`), db.raw('substr(t.ts_code, -2) as suffix'));
  return rows.map((row) => ({ kind: String(row.kind), suffix: String(row.suffix) }));
}
