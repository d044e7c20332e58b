import type { ListStatus } from '../../domain/referenceCodes';
import type { Exchange } from '../../domain/symbols';

/**
 * The rows of `reference`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface WeightRow {
  con_code: string;
  name: string | null;
  weight: number | null;
}

export interface IndustryMatch {
  level: 1 | 2 | 3;
  code: string;
  name: string;
}

export interface MemberRow {
  ts_code: string;
  name: string | null;
  in_date: string | null;
  out_date: string | null;
}

export interface NameRow {
  ts_code: string;
  name: string;
  start_date: string;
  end_date: string | null;
  ann_date: string | null;
  change_reason: string | null;
}

export interface ListedRow {
  ts_code: string;
  /** The code on the requested day (an old code before a code change), else ts_code. */
  code_then: string;
  /** The name on the requested day (name_changes), else the current name. */
  name_then: string;
  kind: string;
  exchange: Exchange;
  industry: string | null;
  list_date: string | null;
  delist_date: string | null;
  list_status: ListStatus;
}
