import type { components } from '../../../generated/api';
import type { HaltPeriod } from '../../domain/market/halts';
import { LISTING_STATUS, type ListStatus } from '../../domain/reference/referenceCodes';
import { boardOf } from '../../domain/reference/symbols';
import type { CodeChange } from '../../domain/reference/codeChanges';
import type { MemberRow } from './reference.types';
import type { IndustryMatch } from '../../domain/reference/industryClassification';
import type { WeightRow } from './reference.types';
import type { ListingRow } from '../common/common.types';
import type { NameRow } from './reference.types';
import type { ConceptBoardRow, ConceptMemberRow, ListedRow } from './reference.types';

type Schemas = components['schemas'];

/** On a past day every row of the universe was listed: the store keeps no history of listing statuses. */
const statusOf = (listStatus: ListStatus, pointInTime: boolean) => LISTING_STATUS[pointInTime ? 'L' : listStatus];

export function toListedSecurity(row: ListedRow, pointInTime: boolean): Schemas['ListedSecurity'] {
  return {
    symbol: row.code_then,
    name: row.name_then,
    current_symbol: row.ts_code,
    kind: row.kind as Schemas['ListedSecurity']['kind'],
    exchange: row.exchange,
    board: row.kind === 'stock' ? boardOf(row.code_then) : null,
    industry: row.industry,
    industry_classification: row.industry_classification,
    listing_date: row.list_date,
    delisting_date: row.delist_date,
    ...statusOf(row.list_status, pointInTime),
  };
}

export function toCodeChange(row: CodeChange): Schemas['CodeChange'] {
  return { old_symbol: row.old_code, new_symbol: row.new_code, change_date: row.change_date, reason: row.reason };
}

export function toNameChange(row: NameRow): Schemas['NameChange'] {
  return {
    symbol: row.ts_code,
    name: row.name,
    start_date: row.start_date,
    end_date: row.end_date,
    announcement_date: row.ann_date,
    reason: row.change_reason,
  };
}

export interface ListingHistory {
  security: ListingRow;
  requested: { requested_symbol?: string };
  names: NameRow[];
  changes: CodeChange[];
  halts: HaltPeriod[];
}

export function toListingStatus(history: ListingHistory): Schemas['ListingStatus'] {
  const { security } = history;
  return {
    symbol: security.ts_code,
    ...history.requested,
    name: security.name,
    listing_date: security.list_date,
    delisting_date: security.delist_date,
    ...statusOf(security.list_status, false),
    names: history.names.map(toNameChange),
    code_changes: history.changes.map(toCodeChange),
    halts: history.halts,
  };
}

export function toIndexConstituent(index: string, tradeDate: string, row: WeightRow): Schemas['IndexConstituent'] {
  return { index, trade_date: tradeDate, symbol: row.con_code, name: row.name, weight: row.weight };
}

/** A member from Shenwan data (`match` given) or from the stock list's industry. */
export function toIndustryConstituent(
  row: MemberRow,
  match: IndustryMatch | { name: string },
): Schemas['IndustryConstituent'] {
  const sw = 'code' in match;
  return {
    symbol: row.ts_code,
    name: row.name,
    industry_code: sw ? match.code : null,
    industry_name: match.name,
    level: sw ? match.level : 1,
    in_date: row.in_date,
    out_date: row.out_date,
    source: sw ? 'sw2021' : 'stock_list',
  };
}

export function toConceptBoard(row: ConceptBoardRow): Schemas['ConceptBoard'] {
  return {
    board: row.ts_code,
    name: row.name,
    type: row.type,
    exchange: row.exchange,
    count: row.count,
    list_date: row.list_date,
  };
}

/** A membership: the board, the member (a current one unless `is_new` says N), Tonghuashun's weight and dates when it gives them. */
export function toConceptConstituent(row: ConceptMemberRow): Schemas['ConceptConstituent'] {
  return {
    board: row.ts_code,
    board_name: row.board_name,
    symbol: row.con_code,
    name: row.con_name,
    current: row.is_new !== 'N',
    weight: row.weight,
    in_date: row.in_date,
    out_date: row.out_date,
  };
}
