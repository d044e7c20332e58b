import { normalizeSymbol } from '../../domain/reference/symbols';

type QueryValue = string | number | boolean | readonly unknown[] | null | undefined;

/** The forms an answer is written in (CSV and NDJSON are the JSON's rows): a `format` of these asks nothing of the answer. */
const FORMATS = new Set(['json', 'csv', 'ndjson']);

/** Parameters that ask nothing of the answer: the key, and a known `format` (an unknown one is kept, so it never finds an answer). */
const unkeyed = (name: string, value: QueryValue) =>
  name === 'api_key' || (name === 'format' && FORMATS.has(String(value)));

/**
 * The one key an answer is stored and found under, derived from the operation and its query, never written by
 * a handler: the same from the raw query of the warm path (before validation) and from the validated one of the
 * handler, since the validator's coercions print alike (`false`, `10`). Parameters sorted by name (their order
 * in the URL asks nothing different), each symbol of `symbol` in
 * its standard form (`600519`, `sh.600519` and `600519.SH` ask the same). Symbols keep their order and a
 * trailing comma: both shape the answer (series in request order; a comma asks for an array).
 */
export function answerKey(operationId: string, query: Readonly<Record<string, QueryValue>>): string {
  const params = Object.keys(query)
    .filter((name) => query[name] !== undefined && !unkeyed(name, query[name]))
    .sort()
    .map((name) => {
      const value = query[name];
      const text = Array.isArray(value) ? value.join(',') : String(value);
      return `${name}=${
        name === 'symbol'
          ? text
              .split(',')
              .map((symbol) => normalizeSymbol(symbol) ?? symbol)
              .join(',')
          : text
      }`;
    });
  return `${operationId}?${params.join('&')}`;
}
