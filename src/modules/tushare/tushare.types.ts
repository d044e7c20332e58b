import type { components } from '../../../generated/api';
import type { Scope } from '../../http/operations';
import type { MarketClock } from '../common/visibleRows.repository';

/** How a stored column is written in Tushare's answer (`level`: an industry level 1-3 as `L1`-`L3`). */
export type FieldKind = 'text' | 'number' | 'date' | 'integer' | 'level';

/** One output field: the column (of the api's table, `alias.column`) it is read from, its kind, and its power of ten (tushareUnits). */
export interface FieldSource {
  column: string;
  kind: FieldKind;
  power?: number;
}

/** How a request parameter filters: which column, compared how, parsed as what (`only`: no filter, one of `allowed`). */
export interface ParamFilter {
  column: string;
  op: 'in' | 'eq' | 'gte' | 'lte' | 'only';
  kind: 'code' | 'date' | 'text' | 'datetime';
  allowed?: readonly string[];
}

/**
 * One api_name: where its rows come from (a table under `t`, joins and fixed conditions), Tushare's output
 * fields in Tushare's order (the default list when `fields` is empty; `defaults` when Tushare shows fewer by
 * default), its parameters, order and row cap.
 */
export interface TushareApi {
  /** The key scope it needs, as the /v1 route of the same data. */
  scope: Scope;
  table: string;
  joins?: ReadonlyArray<{ table: string; on: readonly [string, string] }>;
  /** Fixed conditions in SQL (e.g. `s.kind = 'index'`). */
  whereRaw?: readonly string[];
  fields: Readonly<Record<string, FieldSource>>;
  defaults?: readonly string[];
  params: Readonly<Record<string, ParamFilter>>;
  /** Parameter defaults Tushare applies (stock_basic: list_status L). */
  paramDefaults?: Readonly<Record<string, string>>;
  /** At least one of these parameters is required (stk_mins: ts_code). */
  requiresOneOf?: readonly string[];
  order: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /** Rows per call at most (Tushare's documented cap); `has_more` says when more match. */
  cap: number;
  /** weekly/monthly: daily bars summed per period (the rows read are daily bars). */
  period?: 'weekly' | 'monthly';
  /** Market data: the column of its market time and its clock, on which plan delays hide rows (visibleRows). */
  marketTime?: { column: string; clock: MarketClock };
  /** The statements: every stored value column of the table besides the named ones, in the table's order. */
  valueColumnsOf?: string;
}

/** Tushare's `data`: field names, rows of values in that order, and whether more rows match. */
export type TushareData = NonNullable<components['schemas']['TushareData']>;
export type TushareValue = TushareData['items'][number][number];
