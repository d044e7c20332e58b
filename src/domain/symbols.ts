import { invalidSymbol, tooManySymbols } from './errors';

export type Exchange = 'SSE' | 'SZSE' | 'BSE';

const SUFFIX_OF: Record<Exchange, string> = { SSE: 'SH', SZSE: 'SZ', BSE: 'BJ' };
const EXCHANGE_OF_SUFFIX: Record<string, Exchange> = { SH: 'SSE', SZ: 'SZSE', BJ: 'BSE' };

/** Code prefixes of stocks on each exchange; the longest matching prefix decides. */
const STOCK_CODE_PREFIXES: ReadonlyArray<[string, Exchange]> = [
  ['60', 'SSE'], ['688', 'SSE'], ['689', 'SSE'], ['900', 'SSE'],
  ['000', 'SZSE'], ['001', 'SZSE'], ['002', 'SZSE'], ['003', 'SZSE'],
  ['300', 'SZSE'], ['301', 'SZSE'], ['302', 'SZSE'], ['200', 'SZSE'],
  ['4', 'BSE'], ['8', 'BSE'], ['92', 'BSE'],
];

const RAW = /^\d{6}$/;
const PREFIXED = /^(sh|sz|bj)\.(\d{6})$/i;
const STANDARD = /^(\d{6})\.(sh|sz|bj)$/i;

/** A code exactly in standard form, upper case (`600519.SH`): how the store keys securities. */
export function isStandardCode(code: string): boolean {
  return STANDARD.test(code) && code === code.toUpperCase();
}

/** The exchange a raw 6-digit stock code belongs to, or null when no range covers it. */
export function exchangeOfCode(code: string): Exchange | null {
  const match = STOCK_CODE_PREFIXES.find(([prefix]) => code.startsWith(prefix));
  return match ? match[1] : null;
}

export function toStandard(code: string, exchange: Exchange): string {
  return `${code}.${SUFFIX_OF[exchange]}`;
}

export function exchangeOfStandard(tsCode: string): Exchange {
  return EXCHANGE_OF_SUFFIX[tsCode.slice(7)] as Exchange;
}

/** One symbol in any accepted format → standard form (`600519.SH`), or null when malformed. */
export function normalizeSymbol(input: string): string | null {
  const text = input.trim();
  if (RAW.test(text)) {
    const exchange = exchangeOfCode(text);
    return exchange ? toStandard(text, exchange) : null;
  }
  const prefixed = PREFIXED.exec(text);
  if (prefixed) return `${prefixed[2]}.${prefixed[1]!.toUpperCase()}`;
  const standard = STANDARD.exec(text);
  if (standard) return `${standard[1]}.${standard[2]!.toUpperCase()}`;
  return null;
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
