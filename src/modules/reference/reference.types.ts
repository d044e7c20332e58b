import type { IndustryOn } from '../../domain/reference/industryClassification';
import type { UniverseMember } from '../../domain/reference/listedUniverse';

/**
 * The rows of `reference`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface WeightRow {
  con_code: string;
  name: string | null;
  weight: number | null;
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

/** A member of the stock list's universe (ListedUniverse) with its name on the requested day, else its current name. */
export interface ListedRow extends UniverseMember, IndustryOn {
  name_then: string;
}

/** A Tonghuashun board as stored (concept_boards). */
export interface ConceptBoardRow {
  ts_code: string;
  name: string;
  type: string | null;
  exchange: string | null;
  count: number | null;
  list_date: string | null;
}

/** A board membership as stored (concept_members) with the board's name. */
export interface ConceptMemberRow {
  ts_code: string;
  board_name: string | null;
  con_code: string;
  con_name: string | null;
  weight: number | null;
  in_date: string | null;
  out_date: string | null;
  is_new: string | null;
}
