import type { Board, SecurityKind } from '../reference/symbols';

/**
 * The daily price limit of an A share, as the exchanges set it:
 * - Main board (SSE, SZSE): ±10 %, ±5 % under risk warning (ST, *ST) until the exchanges' revised Trading Rules
 *   took it to ±10 % from 2026-07-06 (SSE Trading Rules 3.4.13, SZSE Trading Rules 3.4.2, as revised; the same
 *   revision moved SSE funds to a closing call auction). The date of 2025-07-07 circulated with the consultation
 *   draft of 2025-06-27 and was never in force. A new listing's first day under the approval system has no daily
 *   limit but the exchanges' first-day band (`firstDayBand`); its first five sessions have none from the main
 *   board's registration system, 2023-04-10 (SSE Trading Rules 2023, 3.4.13).
 * - ChiNext: ±20 % from the registration reform of 2020-08-24, risk warning included, no limit in a new
 *   listing's first five sessions (SZSE ChiNext Trading Special Provisions, arts. 13–14); before, the main
 *   board's rules.
 * - STAR: ±20 %, no limit in the first five sessions (SSE STAR Market Trading Special Provisions, art. 18).
 * - Beijing: ±30 %, no limit on the first day (BSE Trading Rules 3.3.10).
 * B shares (quoted in US or Hong Kong dollars, another tick) are not audited.
 */
export interface LimitContext {
  board: Board | null;
  /** The session, `YYYY-MM-DD`. */
  date: string;
  /**
   * Held to ±5 % on the main board that day: under risk warning (its name then began ST, *ST, SST, S*ST or GST),
   * or a share whose split-share reform was not done (its name then began S, `isUnreformedName`).
   */
  st: boolean;
  /** Its listing's session number: 1 on the first day of trading, null when the listing date is unknown. */
  session: number | null;
  /** Its listing date: the rules of its first sessions are those in force when it listed. */
  listDate?: string | null;
  /**
   * The first session of its delisting-arrangement period (退市整理期; its name then 退市XX or XX退), which has no
   * limit (SSE and SZSE Stock Listing Rules, 2020 revision, on the delisting-arrangement period); its later
   * sessions keep the board's limit, a risk warning's ±5 % no more.
   */
  delistingFirstDay?: boolean;
  /**
   * The first session of a listing resumed after its suspension (暂停上市后恢复上市) or of a relisting after
   * delisting (退市后重新上市), which has no limit (SSE Trading Rules 3.4.13 (2) and (3); SZSE Trading Rules
   * 3.4.2, its first days without a limit; 盐湖股份 000792.SZ on 2021-08-10, +306 %): `isResumedListing`.
   */
  resumedListing?: boolean;
}

const CHINEXT_REFORM = '2020-08-24';
const MAIN_REGISTRATION = '2023-04-10';
const MAIN_ST_AT_TEN = '2026-07-06';

/** How many first sessions of a new listing trade without a limit, by board and listing date. */
function freeSessions(board: Board, date: string): number {
  if (board === 'star') return 5;
  if (board === 'chinext') return date >= CHINEXT_REFORM ? 5 : 1;
  if (board === 'main') return date >= MAIN_REGISTRATION ? 5 : 1;
  return 1;
}

/**
 * The first-day band of a listing under the approval system, from the exchanges' notices of 2013-12-13 on new
 * listings' first day (上交所《关于进一步加强新股上市初期交易监管的通知》, 深交所《关于完善首次公开发行股票上市首日交易机制
 * 有关事项的通知》): continuous trading between 64 % and 144 % of the offer price, which is the first day's pre_close.
 * It held on the main board (SME board included) until the registration system of 2023-04-10 and on ChiNext until
 * the reform of 2020-08-24; a listing before the notices had no first-day band, and the BSE's first day has none.
 */
const FIRST_DAY_BAND_NOTICES = '2013-12-13';
const FIRST_DAY_BAND: LimitBand = { reference: null, up: 0.44, down: 0.36, offer: true };

function firstDayBand({ board, session, listDate, date }: LimitContext): LimitBand | null {
  const listed = listDate ?? date;
  // The approval system's listings are those with a single free session on the main board and ChiNext.
  const approvalBoard = (board === 'main' || board === 'chinext') && freeSessions(board, listed) === 1;
  return session === 1 && approvalBoard && listed >= FIRST_DAY_BAND_NOTICES ? FIRST_DAY_BAND : null;
}

/** The limit ratio of the day (0.1 is ±10 %), or null when the day has none or the security is not audited. */
export function limitRatio({
  board,
  date,
  st,
  session,
  listDate,
  delistingFirstDay,
  resumedListing,
}: LimitContext): number | null {
  if (board === null || board === 'b_share' || delistingFirstDay || resumedListing) return null;
  if (session !== null && session <= freeSessions(board, listDate ?? date)) return null;
  if (board === 'bse') return 0.3;
  if (board === 'star' || (board === 'chinext' && date >= CHINEXT_REFORM)) return 0.2;
  return st && date < MAIN_ST_AT_TEN ? 0.05 : 0.1;
}

/** Whether a name then marked a risk warning (ST, *ST, and the share-reform SST, S*ST, GST). */
export const isRiskWarningName = (name: string): boolean => /^[SG]?\*?ST(?![A-Za-z])/i.test(name.trim());

/**
 * Whether a name then marked a share whose split-share reform was not done: from 2006-10-09 the exchanges put an
 * S before such names (S深发展A) and held them to ±5 % (the differentiated measures for unreformed companies of
 * that day); S*ST and SST are unreformed and under risk warning at once.
 */
export const isUnreformedName = (name: string): boolean => /^S(?!T)/i.test(name.trim());

/**
 * Sessions without a bar after which a stock's next bar reads as a resumed listing or a relisting, when its last
 * bar before them was under risk warning or in its delisting-arrangement period: only a *ST stock had its listing
 * suspended, only a delisted one is relisted, and either lasts at least until the next annual report (盐湖股份:
 * 14 months). The store keeps no listing status by day, so this is inferred: a risk-warned stock halted as
 * long for another reason (a restructuring before the 2018 limits on halts) loses the check of its first day back.
 */
export const RESUMED_LISTING_GAP = 120;

/**
 * Whether a bar is a resumed listing's or a relisting's first (above), after `gapSessions` sessions without one:
 * counted only for a stock warned or delisting before them (a calendar search a bar, in an audit of millions).
 */
export const isResumedListing = (warnedOrDelistingBefore: boolean, gapSessions: () => number): boolean =>
  warnedOrDelistingBefore && gapSessions() >= RESUMED_LISTING_GAP;

/** A name that held its stock to ±5 % on the main board: a risk warning, or an unreformed share's S. */
export const isHeldToFivePercent = (name: string): boolean => isRiskWarningName(name) || isUnreformedName(name);

/** Whether a name then marked the delisting-arrangement period: 退市XX (before 2020) or XX退 (from then). */
export const isDelistingName = (name: string): boolean => /^退市|退$/.test(name.trim());

/**
 * A public infrastructure REIT (508xxx on the SSE, 180xxx on the SZSE): ±30 % on its first day, ±10 % after (the
 * exchanges' business rules for publicly offered infrastructure funds, 2021).
 */
export const isReitCode = (tsCode: string): boolean => /^(508\d{3}\.SH|180\d{3}\.SZ)$/.test(tsCode);

/** A day's limit: ratios up and down of its reference price, the previous close unless `reference` is given. */
export interface LimitBand {
  reference: number | null;
  up: number;
  down: number;
  /** The band of an offer's first day, whose pre_close is taken for the offer price (`firstDayBand`). */
  offer?: true;
}

/** What the limit of a security of any kind rests on. */
export interface SecurityLimitContext extends LimitContext {
  kind: SecurityKind;
  /** A fund whose index holds ChiNext or STAR stocks only (`isGrowthBoardFund`). */
  growthFund: boolean;
  /** A REIT (`isReitCode`). */
  reit?: boolean;
}

const CONVERTIBLE_RULES = '2022-08-01';
/** A convertible's issue price, the reference of its first day's band: par, 100 yuan, for every A-share issue. */
const CONVERTIBLE_ISSUE_PRICE = 100;

/**
 * The daily limit of a security of any kind:
 * - a stock's, by `limitRatio`, and on a first day under the approval system `firstDayBand`;
 * - a REIT's: ±30 % on its first day, ±10 % after (`isReitCode`);
 * - an ETF's or LOF's: ±10 %, and ±20 % for a fund tracking an index of ChiNext or STAR stocks only (SZSE ChiNext
 *   Trading Special Provisions 2.9, from the reform of 2020-08-24; SSE STAR ETFs, 588/589, from their first
 *   listing in 2020-11), its first day included (the reference is then the fund's last NAV, which is its
 *   pre_close);
 * - a convertible bond's from the exchanges' Convertible Bond Trading Rules of 2022-08-01 (上海/深圳证券交易所
 *   可转换公司债券交易实施细则): ±20 % of the previous close, and on its first day +57.3 %/−43.3 % of the issue
 *   price; before them convertibles had no limit, only intraday halts at ±20 % and ±30 %;
 * - an index has none.
 */
export function dailyLimit(context: SecurityLimitContext): LimitBand | null {
  const symmetric = (ratio: number | null) => (ratio === null ? null : { reference: null, up: ratio, down: ratio });
  if (context.kind === 'stock') return firstDayBand(context) ?? symmetric(limitRatio(context));
  if (context.kind === 'etf' && context.reit) return symmetric(context.session === 1 ? 0.3 : 0.1);
  if (context.kind === 'etf') return symmetric(context.growthFund && context.date >= CHINEXT_REFORM ? 0.2 : 0.1);
  if (context.kind !== 'convertible' || context.date < CONVERTIBLE_RULES) return null;
  return context.session === 1 ? { reference: CONVERTIBLE_ISSUE_PRICE, up: 0.573, down: 0.433 } : symmetric(0.2);
}

/**
 * Whether a fund tracks an index of ChiNext or STAR stocks only, which the exchanges give a ±20 % band: an SSE
 * STAR ETF (codes 588, 589), or a fund whose name or benchmark names ChiNext (创业板) or STAR (科创) and no other
 * index. No Tushare table lists an index's boards, so the name is what tells; a growth fund named otherwise is
 * audited at ±10 % and its +15 % day is a finding to read.
 */
export function isGrowthBoardFund(tsCode: string, name: string, benchmark: string | null): boolean {
  if (/^58[89]/.test(tsCode)) return true;
  const text = `${name} ${benchmark ?? ''}`;
  return /创业|科创|双创/.test(text) && !/沪深300|中证500|中证800|中证1000|上证50|上证180|深证100|深证成/.test(text);
}

/**
 * The limit prices, as the exchanges compute them: the reference × (1 ± ratio), rounded half up to the tick
 * (0.01 yuan for shares, 0.001 for funds and bonds: SSE Trading Rules 3.4.14). Computed in ticks to keep 10.005
 * from reading as 10.00499….
 */
export function limitPrices(reference: number, up: number, down = up, decimals = 2): { up: number; down: number } {
  const scale = 10 ** decimals;
  const ticks = Math.round(reference * scale);
  const at = (factor: number) => Math.round(Number((ticks * factor).toFixed(6))) / scale;
  return { up: at(1 + up), down: at(1 - down) };
}
