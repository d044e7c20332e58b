import type { components } from '../../../generated/api';
import { columnsOf, type ColumnKind, type TableLayout } from './tableLayout';
import type { SecurityKind } from '../reference/symbols';

/** The key scope an api_name needs, as the /v1 route of the same data. */
export type DataScope = components['schemas']['Scope'];

/**
 * Where an output field is read: a column of the api's table (its layout's kind and unit), a column of the
 * security it names (its name, exchange), a column of the same security's valuation of the same day
 * (`daily_basic`, for an api whose rows carry both, as sw_daily's), whether the row is current (`Y` while
 * `out_date` is empty), or a text every row of the api carries (stock_st's `type`, `ST`).
 */
export type FieldSource =
  | { from: 'table'; column: string; kind: ColumnKind; power: number }
  | { from: 'security'; column: 'name' | 'exchange'; kind: 'text'; power: 0 }
  | { from: 'valuation'; column: string; kind: 'number'; power: number }
  | { from: 'current'; column: 'out_date'; kind: 'text'; power: 0 }
  | { from: 'fixed'; column: 'ts_code'; kind: 'text'; power: 0; text: string };

/**
 * How a request parameter filters: which column (of the table, or of its security), compared how, parsed as
 * what (`only`: no filter, one of `allowed`; `suffix`: a code's exchange suffix, one of `allowed`).
 */
export interface ParamFilter<C extends string = string> {
  column: C;
  ofSecurity?: boolean;
  op: 'in' | 'eq' | 'gte' | 'lte' | 'only' | 'suffix';
  kind: 'code' | 'date' | 'text' | 'datetime';
  allowed?: readonly string[];
}

/** A sort of an api's rows: columns of its table, each ascending or descending. */
export type RowOrder<C extends string = string> = ReadonlyArray<readonly [C, 'asc' | 'desc']>;

/**
 * One api_name: the stored table it reads (its layout: columns, units, market time), restricted to stocks or
 * indices where the table holds both, Tushare's output fields in Tushare's order (the default list when
 * `fields` is empty; `defaults` when Tushare shows fewer by default), its parameters, order and row cap.
 */
export interface TushareApi {
  /** The key scope it needs, as the /v1 route of the same data. */
  scope: DataScope;
  layout: TableLayout;
  /** Only the rows of one kind of security (stocks, indices, ETFs, convertibles) where the table holds several. */
  securityKind?: SecurityKind;
  /** Only the codes of one family by their suffix (sw_daily: Shenwan's `.SI`) where the table holds others. */
  codeSuffix?: string;
  /** Only the rows whose columns hold these (limit_step: the up closes of a streak of two or more). */
  where?: ReadonlyArray<
    | readonly [column: string, op: '=' | '>=', value: string | number]
    | readonly [column: string, op: 'in', values: readonly string[]]
  >;
  fields: Readonly<Record<string, FieldSource>>;
  defaults?: readonly string[];
  params: Readonly<Record<string, ParamFilter>>;
  /** Parameter defaults Tushare applies (stock_basic: list_status L). */
  paramDefaults?: Readonly<Record<string, string>>;
  /** At least one of these parameters is required (stk_mins: ts_code). */
  requiresOneOf?: readonly string[];
  order: RowOrder;
  /** Rows per call at most (Tushare's documented cap); `has_more` says when more match. */
  cap: number;
  /** weekly/monthly: daily bars summed per period (the rows read are daily bars). */
  period?: 'weekly' | 'monthly';
  /** The statements: every stored value column of the table follows the named fields, then update_flag. */
  statementFigures?: boolean;
}

/** The fields of a table's columns under their own names (`names`: which, in Tushare's order; all by default). */
export function fieldsOf<C extends string>(
  layout: TableLayout<C>,
  names: readonly C[] = columnsOf(layout),
): Record<string, FieldSource> {
  return Object.fromEntries(names.map((name) => [name, field(layout, name)]));
}

export const field = <C extends string>(layout: TableLayout<C>, column: C): FieldSource => ({
  from: 'table',
  column,
  ...layout.columns[column],
});

/** A text every row carries, whatever it holds. */
export const fixedText = (text: string): FieldSource => ({
  from: 'fixed',
  column: 'ts_code',
  kind: 'text',
  power: 0,
  text,
});

/** A column of the table sent in other units than its layout's: Tushare's value × 10^power is the stored one. */
export const fieldIn = <C extends string>(layout: TableLayout<C>, column: C, power: number): FieldSource => ({
  from: 'table',
  column,
  kind: layout.columns[column].kind,
  power,
});

export const ofSecurity = (column: 'name' | 'exchange'): FieldSource => ({
  from: 'security',
  column,
  kind: 'text',
  power: 0,
});

/** A valuation column of the same security and day, in Tushare's units (10^power of the store's). */
export const ofValuation = (column: string, power: number): FieldSource => ({
  from: 'valuation',
  column,
  kind: 'number',
  power,
});

/** The filters a table's parameters take, on its own columns. */
export function filtersOf<C extends string>(_layout?: TableLayout<C>) {
  return {
    codes: (column: C): ParamFilter<C> => ({ column, op: 'in', kind: 'code' }),
    on: (column: C): ParamFilter<C> => ({ column, op: 'eq', kind: 'date' }),
    from: (column: C): ParamFilter<C> => ({ column, op: 'gte', kind: 'date' }),
    to: (column: C): ParamFilter<C> => ({ column, op: 'lte', kind: 'date' }),
    equals: (column: C): ParamFilter<C> => ({ column, op: 'eq', kind: 'text' }),
    /** Tushare's `trade_date`, `start_date`, `end_date` on a trade-date column. */
    byDate: (column: C): Record<'trade_date' | 'start_date' | 'end_date', ParamFilter<C>> => ({
      trade_date: { column, op: 'eq', kind: 'date' },
      start_date: { column, op: 'gte', kind: 'date' },
      end_date: { column, op: 'lte', kind: 'date' },
    }),
    /** Tushare's `ann_date`, `start_date`, `end_date` on the announcement day, as its disclosures take them. */
    byAnnouncement: (column: C): Record<'ann_date' | 'start_date' | 'end_date', ParamFilter<C>> => ({
      ann_date: { column, op: 'eq', kind: 'date' },
      start_date: { column, op: 'gte', kind: 'date' },
      end_date: { column, op: 'lte', kind: 'date' },
    }),
  };
}

export type TableFilters<C extends string> = ReturnType<typeof filtersOf<C>>;

export const order = <C extends string>(_layout: TableLayout<C>, ...columns: (readonly [C, 'asc' | 'desc'])[]) =>
  columns;
