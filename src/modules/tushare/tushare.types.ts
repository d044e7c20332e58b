import type { components } from '../../../generated/api';
import type { Scope } from '../../http/operations';
import type { ColumnKind, TableLayout } from '../../domain/tables/tableLayout';

/**
 * Where an output field is read: a column of the api's table (its layout's kind and unit), a column of the
 * security it names (its name, exchange), or whether the row is current (`Y` while `out_date` is empty).
 */
export type FieldSource =
  | { from: 'table'; column: string; kind: ColumnKind; power: number }
  | { from: 'security'; column: 'name' | 'exchange'; kind: 'text'; power: 0 }
  | { from: 'current'; column: 'out_date'; kind: 'text'; power: 0 };

/**
 * How a request parameter filters: which column (of the table, or of its security), compared how, parsed as
 * what (`only`: no filter, one of `allowed`; `suffix`: a code's exchange suffix, one of `allowed`).
 */
export interface ParamFilter {
  column: string;
  ofSecurity?: boolean;
  op: 'in' | 'eq' | 'gte' | 'lte' | 'only' | 'suffix';
  kind: 'code' | 'date' | 'text' | 'datetime';
  allowed?: readonly string[];
}

/**
 * One api_name: the stored table it reads (its layout: columns, units, market time), restricted to stocks or
 * indices where the table holds both, Tushare's output fields in Tushare's order (the default list when
 * `fields` is empty; `defaults` when Tushare shows fewer by default), its parameters, order and row cap.
 */
export interface TushareApi {
  /** The key scope it needs, as the /v1 route of the same data. */
  scope: Scope;
  layout: TableLayout;
  /** Only the rows of stocks or of indices (by the security's kind). */
  securityKind?: 'stock' | 'index';
  fields: Readonly<Record<string, FieldSource>>;
  defaults?: readonly string[];
  params: Readonly<Record<string, ParamFilter>>;
  /** Parameter defaults Tushare applies (stock_basic: list_status L). */
  paramDefaults?: Readonly<Record<string, string>>;
  /** At least one of these parameters is required (stk_mins: ts_code). */
  requiresOneOf?: readonly string[];
  /** Columns of the table, each ascending or descending. */
  order: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
  /** Rows per call at most (Tushare's documented cap); `has_more` says when more match. */
  cap: number;
  /** weekly/monthly: daily bars summed per period (the rows read are daily bars). */
  period?: 'weekly' | 'monthly';
  /** The statements: every stored value column of the table follows the named fields, then update_flag. */
  statementFigures?: boolean;
}

/** Tushare's `data`: field names, rows of values in that order, and whether more rows match. */
export type TushareData = NonNullable<components['schemas']['TushareData']>;
export type TushareValue = TushareData['items'][number][number];
