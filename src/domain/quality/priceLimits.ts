import type { Board } from '../reference/symbols';

/**
 * The daily price limit of an A share, as the exchanges set it:
 * - Main board (SSE, SZSE): ±10 %, ±5 % under risk warning (ST, *ST) until the notice of both exchanges
 *   "关于调整主板风险警示股票价格涨跌幅限制比例及有关事项的通知" took it to ±10 % from 2025-07-07 (SSE Trading
 *   Rules 3.4.13, SZSE Trading Rules 3.4.2). A new listing has no limit on its first day under the approval system
 *   (its first-day band, +44 %/−36 %, is of the offer price, not of a previous close), and none in its first five
 *   sessions from the main board's registration system, 2023-04-10 (SSE Trading Rules 2023, 3.4.13).
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
  /** Under risk warning that day (its name then began ST, *ST, SST or S*ST). */
  st: boolean;
  /** Its listing's session number: 1 on the first day of trading, null when the listing date is unknown. */
  session: number | null;
}

const CHINEXT_REFORM = '2020-08-24';
const MAIN_REGISTRATION = '2023-04-10';
const MAIN_ST_AT_TEN = '2025-07-07';

/** How many first sessions of a new listing trade without a limit, by board and date. */
function freeSessions(board: Board, date: string): number {
  if (board === 'star') return 5;
  if (board === 'chinext') return date >= CHINEXT_REFORM ? 5 : 1;
  if (board === 'main') return date >= MAIN_REGISTRATION ? 5 : 1;
  return 1;
}

/** The limit ratio of the day (0.1 is ±10 %), or null when the day has none or the security is not audited. */
export function limitRatio({ board, date, st, session }: LimitContext): number | null {
  if (board === null || board === 'b_share') return null;
  if (session !== null && session <= freeSessions(board, date)) return null;
  if (board === 'bse') return 0.3;
  if (board === 'star' || (board === 'chinext' && date >= CHINEXT_REFORM)) return 0.2;
  return st && date < MAIN_ST_AT_TEN ? 0.05 : 0.1;
}

/** Whether a name then marked a risk warning (ST, *ST, and the share-reform SST, S*ST). */
export const isRiskWarningName = (name: string): boolean => /^(S?\*?ST)/i.test(name.trim());

/**
 * The limit prices, as the exchanges compute them: the previous close × (1 ± ratio), rounded half up to the
 * tick of 0.01 yuan (SSE Trading Rules 3.4.14). Computed in cents to keep 10.005 from reading as 10.00499….
 */
export function limitPrices(preClose: number, ratio: number): { up: number; down: number } {
  const cents = Math.round(preClose * 100);
  const at = (factor: number) => Math.round(Number((cents * factor).toFixed(6))) / 100;
  return { up: at(1 + ratio), down: at(1 - ratio) };
}

/** The tick of A-share prices, yuan. */
export const TICK = 0.01;
