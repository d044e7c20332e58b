import type { Db } from '../../db/connection';
import { countOnce } from '../../domain/reference/codeContinuity';
import { invalidSymbol, missingParameter, noData } from '../../domain/api/errors';
import { haltPeriods } from '../../domain/market/halts';
import type { PageRequest } from '../../domain/api/pagination';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import type { CodeChange } from '../../domain/reference/codeChanges';
import type { CodeHistory } from '../common/codeHistory.service';
import { findIndustry } from '../common/industryMemberships.repository';
import {
  hasIndustryMembers,
  industryInList,
  hasWeights,
  listMembers,
  snapshotMembers,
  snapshotOn,
  swMembers,
} from './constituents.repository';
import { listingRows } from '../common/listing.repository';
import { resolveSecurities, securityCodesOf } from '../common/securityResolution.service';
import { haltDays, nameHistory } from './listingStatus.repository';
import { conceptMemberPage, findConceptBoard } from './conceptBoards.repository';
import type { ConceptMemberRow } from './reference.types';
import type { ListingHistory } from './reference.serializer';

/** Listing histories in request order; an old code answers for the security it became. */
export async function listingHistories(
  db: Db,
  codes: CodeHistory,
  calendar: TradingCalendar,
  symbols: string[],
  through: string | null,
): Promise<ListingHistory[]> {
  const securities = await resolveSecurities(codes, symbols, (current) => listingRows(db, current));
  const allCodes = [...new Set(securities.flatMap(({ spans }) => spans.map(({ code }) => code)))];
  const [names, changes, days] = await Promise.all([
    nameHistory(db, allCodes),
    codes.touching(allCodes),
    haltDays(db, allCodes, through),
  ]);
  const openDays =
    days.length === 0 ? [] : (await calendar.openDays()).between(days[0]!.trade_date, days.at(-1)!.trade_date);
  return securities.map(({ row: security, requested, spans }) => {
    const codes = new Set(spans.map(({ code }) => code));
    return {
      security,
      requested,
      names: countOnce(
        names.filter((row) => codes.has(row.ts_code)),
        security.ts_code,
        (row) => row.ts_code,
        (row) => `${row.start_date} ${row.name}`,
      ),
      changes: changes.filter((row) => codes.has(row.old_code) || codes.has(row.new_code)),
      halts: haltPeriods(
        days.filter((row) => codes.has(row.ts_code)),
        openDays,
      ),
    };
  });
}

/**
 * Code changes, newest first, within the change-date range: all, or the whole chain of one security's codes
 * (the code given may be an old or a new one). A code neither in the store nor in any change is unknown.
 */
export async function codeChangeList(
  db: Db,
  codes: CodeHistory,
  request: { symbol?: string; begin?: string; end?: string },
): Promise<CodeChange[]> {
  const rows = request.symbol === undefined ? await codes.touching() : await chainOf(db, codes, request.symbol);
  return rows
    .filter(
      (row) => (!request.begin || row.change_date >= request.begin) && (!request.end || row.change_date <= request.end),
    )
    .reverse();
}

/** The changes linking a code to all its earlier and later codes; an unknown code → invalid_symbol. */
async function chainOf(db: Db, codes: CodeHistory, symbol: string): Promise<CodeChange[]> {
  const rows = await codes.chainOf(symbol);
  if (rows.length === 0 && (await listingRows(db, [symbol])).length === 0)
    throw invalidSymbol(`Unknown symbol: ${symbol}`);
  return rows;
}

/** The latest weight snapshot of an index on or before `date`: one page of it. */
export async function indexConstituents(db: Db, index: string, date: string, window: PageRequest) {
  const tradeDate = await snapshotOn(db, index, date);
  if (tradeDate === null) {
    const known = (await hasWeights(db, index)) || (await listingRows(db, [index])).length > 0;
    if (!known) throw invalidSymbol(`Unknown index: ${index}`);
    throw noData(`No constituent snapshot of ${index} on or before ${date}`);
  }
  return { tradeDate, ...(await snapshotMembers(db, index, tradeDate, window)) };
}

/** Members of an industry on `date`: Shenwan intervals when loaded, else the stock list's industry. */
export async function industryConstituents(
  db: Db,
  request: { industry: string; level?: 1 | 2 | 3; date: string },
  window: PageRequest,
) {
  if (await hasIndustryMembers(db)) {
    const match = await findIndustry(db, request.industry, request.level);
    if (match === null) throw noData(`Unknown industry: ${request.industry}`);
    return { match, ...(await swMembers(db, match, request.date, window)) };
  }
  // The stock list knows first-level industries only.
  if ((request.level ?? 1) !== 1 || !(await industryInList(db, request.industry)))
    throw noData(`Unknown industry: ${request.industry}`);
  return { match: { name: request.industry }, ...(await listMembers(db, request.industry, request.date, window)) };
}

/**
 * The members of a concept board (`board`: its code or exact name) or the boards of a stock (`symbol`, its
 * former codes included), or one stock's membership of one board: current memberships unless `past`.
 * Neither → missing_parameter; an unknown board → no_data.
 */
export async function conceptConstituents(
  db: Db,
  codes: CodeHistory,
  request: { board?: string; symbol?: string; past: boolean },
  window: PageRequest,
): Promise<{ rows: ConceptMemberRow[]; total: number }> {
  if (request.board === undefined && request.symbol === undefined)
    throw missingParameter('Give board (its members) or symbol (its boards), or both');
  const board = request.board === undefined ? null : await findConceptBoard(db, request.board.trim());
  if (request.board !== undefined && board === null) throw noData(`Unknown concept board: ${request.board}`);
  const security = await securityCodesOf(db, codes, request.symbol);
  return conceptMemberPage(db, { board: board?.ts_code ?? null, codes: security.all, past: request.past }, window);
}
