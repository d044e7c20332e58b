import { invalidSymbol, tooManySymbols } from '../api/errors';

export type Exchange = 'SSE' | 'SZSE' | 'BSE';
export const EXCHANGES: readonly Exchange[] = ['SSE', 'SZSE', 'BSE'];

const SUFFIX_OF: Record<Exchange, string> = { SSE: 'SH', SZSE: 'SZ', BSE: 'BJ' };
const EXCHANGE_OF_SUFFIX: Record<string, Exchange> = { SH: 'SSE', SZ: 'SZSE', BJ: 'BSE' };

/** A stock's board, from the customer's code ranges (SPEC "Symbol formats"). */
export type Board = 'main' | 'star' | 'chinext' | 'bse' | 'b_share';

/**
 * Code prefixes of stocks: exchange and board; the longest matching prefix decides. 002 (the former
 * small/medium board) is main board since the 2021 merger; 689 is STAR (CDRs), 302 ChiNext. The Beijing Stock
 * Exchange's stocks are its segments, not every code that starts with 4 or 8: 43, 83, 87 and 88 (the codes the
 * NEEQ gave them, kept when the exchange opened on 2021-11-15) and 920 (every stock since the code switch,
 * BSE_CODE_SWITCH_DATE in codeChanges.ts; db/demo/bse_mapping.csv holds the pairs). 801 and 85 are Shenwan's
 * industry indices, 810 BSE's convertibles, 899 its indices (899050.BJ, the BSE 50).
 */
const STOCK_CODE_PREFIXES: ReadonlyArray<[prefix: string, exchange: Exchange, board: Board]> = [
  ['60', 'SSE', 'main'],
  ['688', 'SSE', 'star'],
  ['689', 'SSE', 'star'],
  ['900', 'SSE', 'b_share'],
  ['000', 'SZSE', 'main'],
  ['001', 'SZSE', 'main'],
  ['002', 'SZSE', 'main'],
  ['003', 'SZSE', 'main'],
  ['300', 'SZSE', 'chinext'],
  ['301', 'SZSE', 'chinext'],
  ['302', 'SZSE', 'chinext'],
  ['200', 'SZSE', 'b_share'],
  ['43', 'BSE', 'bse'],
  ['83', 'BSE', 'bse'],
  ['87', 'BSE', 'bse'],
  ['88', 'BSE', 'bse'],
  ['920', 'BSE', 'bse'],
];

/** What a security is: the kinds of the reference list. */
export type SecurityKind = 'stock' | 'index' | 'etf' | 'convertible';

/**
 * Code prefixes of exchange-traded funds (ETFs and LOFs, `etf`) and convertible bonds (`convertible`), by the
 * exchanges' code allocation rules (上海证券交易所证券代码分配规则; 深圳证券交易所证券代码区间分配表):
 * - SSE funds: 50 (closed-end funds and LOFs: 501, 502, 506), 51 (ETFs: 510 broad index, 511 bond and money
 *   market, 512/515/516 sector, 513 cross-border, 518 gold), 56 (ETFs since 2021), 58 (STAR ETFs, 588/589);
 *   SSE convertibles: 110, 111 and 113 (main board), 118 (STAR).
 * - SZSE funds: 15 (ETFs, 159), 16 (LOFs), 18 (closed-end funds); SZSE convertibles: 123 (ChiNext), 127 and
 *   128 (main board).
 * BSE's convertibles (810) are not carried. The longest matching prefix decides, as for stocks.
 */
const OTHER_CODE_PREFIXES: ReadonlyArray<[prefix: string, exchange: Exchange, kind: 'etf' | 'convertible']> = [
  ['50', 'SSE', 'etf'],
  ['51', 'SSE', 'etf'],
  ['56', 'SSE', 'etf'],
  ['58', 'SSE', 'etf'],
  ['110', 'SSE', 'convertible'],
  ['111', 'SSE', 'convertible'],
  ['113', 'SSE', 'convertible'],
  ['118', 'SSE', 'convertible'],
  ['15', 'SZSE', 'etf'],
  ['16', 'SZSE', 'etf'],
  ['18', 'SZSE', 'etf'],
  ['123', 'SZSE', 'convertible'],
  ['127', 'SZSE', 'convertible'],
  ['128', 'SZSE', 'convertible'],
];

type CodeRanges<T> = ReadonlyArray<readonly [prefix: string, exchange: Exchange, of: T]>;

/** The prefixes of one class (a board, a kind) of a table of code ranges on each exchange (for a filter written in SQL). */
const prefixesOf = <T>(ranges: CodeRanges<T>, of: T): Array<{ prefix: string; exchange: Exchange }> =>
  ranges.filter(([, , which]) => which === of).map(([prefix, exchange]) => ({ prefix, exchange }));

/** The class a standard code falls in by a table of code ranges (prefix and exchange), or null. */
const rangeOf = <T>(ranges: CodeRanges<T>, tsCode: string): T | null =>
  ranges.find(([prefix, exchange]) => tsCode.startsWith(prefix) && exchangeOfStandard(tsCode) === exchange)?.[2] ??
  null;

/** The code prefixes of a kind's securities (ETFs or convertibles) on each exchange (for a filter written in SQL). */
export const kindPrefixes = (kind: 'etf' | 'convertible') => prefixesOf(OTHER_CODE_PREFIXES, kind);

/** An ETF's or convertible's kind by its standard code's range, or null for any other code. */
export const fundOrBondKindOf = (tsCode: string) => rangeOf(OTHER_CODE_PREFIXES, tsCode);

/** The board of a stock in standard form, or null when no range covers it (indices, funds). */
export const boardOf = (tsCode: string) => rangeOf(STOCK_CODE_PREFIXES, tsCode);

const RAW = /^\d{6}$/;
const PREFIXED = /^(sh|sz|bj)\.(\d{6})$/i;
const STANDARD = /^(\d{6})\.(sh|sz|bj)$/i;
/** An index code of a publisher's own family: Shenwan's (`801120.SI`) and China Securities Index's (`000985.CSI`). */
const PUBLISHED = /^(\d{6})\.(si|csi)$/i;

/**
 * Raw codes of index families that no stock, fund or bond shares: SZSE's indices (399), BSE's (899) and
 * Shenwan's industries (2021 classification: levels 1 and 2 801, level 3 85; Tushare writes them `.SI`).
 * Family two, the SSE's and CSI's 000 indices (000001.SH, 000300.SH), shares its digits with SZSE's main-board
 * stocks: a raw 000 code is the stock, the index is asked in standard form.
 */
const INDEX_FAMILIES: ReadonlyArray<[prefix: string, suffix: string]> = [
  ['399', 'SZ'],
  ['899', 'BJ'],
  ['801', 'SI'],
  ['85', 'SI'],
];

/** A code exactly in standard form, upper case (`600519.SH`): how the store keys securities. */
export function isStandardCode(code: string): boolean {
  return STANDARD.test(code) && code === code.toUpperCase();
}

/** The exchange a raw 6-digit code of a stock, ETF or convertible belongs to, or null when no range covers it. */
export function exchangeOfCode(code: string): Exchange | null {
  const match = [...STOCK_CODE_PREFIXES, ...OTHER_CODE_PREFIXES].find(([prefix]) => code.startsWith(prefix));
  return match ? match[1] : null;
}

export function toStandard(code: string, exchange: Exchange): string {
  return `${code}.${SUFFIX_OF[exchange]}`;
}

export function exchangeOfStandard(tsCode: string): Exchange {
  return EXCHANGE_OF_SUFFIX[tsCode.slice(7)] as Exchange;
}

/**
 * The publisher of an index of its own code family, listed on no exchange: Shenwan Hongyuan's industry indices
 * (`.SI`, market `SW` in Tushare's index_basic) and China Securities Index's (`.CSI`, market `CSI`).
 */
export type Publisher = 'SW' | 'CSI';
const PUBLISHER_OF_SUFFIX: Record<string, Publisher> = { SI: 'SW', CSI: 'CSI' };

/** A publisher's index code exactly in standard form, upper case (`801120.SI`, `000985.CSI`). */
export function isPublishedIndexCode(code: string): boolean {
  return PUBLISHED.test(code) && code === code.toUpperCase();
}

/** Where a security is listed (its exchange), or, for a publisher's own index, who publishes it. */
export type Listing = Exchange | Publisher;

export function listingOf(tsCode: string): Listing {
  return PUBLISHER_OF_SUFFIX[tsCode.slice(7)] ?? exchangeOfStandard(tsCode);
}

/**
 * One symbol in any accepted format → standard form (`600519.SH`, `801120.SI`), or null when malformed: a raw
 * code by the ranges of stocks, funds and bonds, else by its index family; a standard code with an exchange's
 * suffix or an index publisher's (`.SI`, `.CSI`).
 */
export function normalizeSymbol(input: string): string | null {
  const text = input.trim();
  if (RAW.test(text)) {
    const exchange = exchangeOfCode(text);
    if (exchange) return toStandard(text, exchange);
    const family = INDEX_FAMILIES.find(([prefix]) => text.startsWith(prefix));
    return family ? `${text}.${family[1]}` : null;
  }
  const prefixed = PREFIXED.exec(text);
  if (prefixed) return `${prefixed[2]}.${prefixed[1]!.toUpperCase()}`;
  const standard = STANDARD.exec(text) ?? PUBLISHED.exec(text);
  if (standard) return `${standard[1]}.${standard[2]!.toUpperCase()}`;
  return null;
}

/** A single-symbol parameter in any format → standard code; AppError invalid_symbol when malformed. */
export function parseOneSymbol(input: string): string {
  const symbol = normalizeSymbol(input);
  if (symbol === null) throw invalidSymbol(`Invalid symbol: ${input}`);
  return symbol;
}

export interface SymbolList {
  /** Standard codes, de-duplicated, in request order. */
  symbols: string[];
  /** True when the request named one symbol without a comma: the answer is an object, not an array. */
  single: boolean;
}

/** A comma-separated `symbol` parameter → standard codes; AppError for bad shapes or too many. */
export function parseSymbolList(input: string, max: number): SymbolList {
  const parts = input.split(',').map((part) => part.trim());
  const invalid = parts.filter((part) => normalizeSymbol(part) === null);
  if (invalid.length > 0) {
    const shown = invalid.map((part) => (part === '' ? '(empty)' : part)).join(', ');
    throw invalidSymbol(`Invalid symbol: ${shown}`);
  }
  const symbols = [...new Set(parts.map((part) => normalizeSymbol(part) as string))];
  if (symbols.length > max) {
    throw tooManySymbols(`Too many symbols: ${symbols.length} given, at most ${max} allowed`);
  }
  return { symbols, single: parts.length === 1 };
}

/** Reports standard codes that were well formed but are not known to the store. */
export function assertAllKnown(requested: string[], known: Iterable<string>): void {
  const knownSet = new Set(known);
  const unknown = requested.filter((symbol) => !knownSet.has(symbol));
  if (unknown.length > 0) {
    throw invalidSymbol(`Unknown symbol: ${unknown.join(', ')}`);
  }
}
