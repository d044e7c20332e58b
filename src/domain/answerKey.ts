import { normalizeSymbol } from './symbols';

type QueryValue = string | number | boolean | readonly unknown[] | null | undefined;

/** Parameters that ask nothing of the answer: the key, and the form it is written in (CSV is the JSON's rows). */
const UNKEYED = new Set(['api_key', 'format']);

/**
 * The key an answer is stored under, derived from the operation and its validated query, never written by a
 * handler: parameters sorted by name (their order in the URL asks nothing different), each symbol of `symbol` in
 * its standard form (`600519`, `sh.600519` and `600519.SH` ask the same). Symbols keep their order and a
 * trailing comma: both shape the answer (series in request order; a comma asks for an array).
 */
export function answerKey(operationId: string, query: Readonly<Record<string, QueryValue>>): string {
  const params = Object.keys(query)
    .filter((name) => query[name] !== undefined && !UNKEYED.has(name))
    .sort()
    .map((name) => {
      const value = query[name];
      const text = Array.isArray(value) ? value.join(',') : String(value);
      return `${name}=${name === 'symbol' ? text.split(',').map((symbol) => normalizeSymbol(symbol) ?? symbol).join(',') : text}`;
    });
  return `${operationId}?${params.join('&')}`;
}
