import type { Pagination } from '../domain/api/pagination';
import { JsonText } from './answers/answerStore';

/** The success envelope. */
export function ok<T>(data: T): { code: 200; message: 'success'; data: T } {
  return { code: 200, message: 'success', data };
}

/** The success envelope of a page/offset paginated list. */
export function okPage<T>(data: T[], pagination: Pagination) {
  return { ...ok(data), pagination };
}

/** `{"code":200,"message":"success","data":` — the envelope's text before the data. */
const OK_HEAD = JSON.stringify(ok(null)).slice(0, -'null}'.length);

/**
 * The success envelope around data that is already JSON text in pieces (`items`: one array element each;
 * `single`: the one element itself): the same text as JSON.stringify(ok(data)), never joined into one string.
 */
export function okText(items: readonly JsonPieces[], single: boolean, afterSent?: () => void): JsonText {
  return new JsonText([OK_HEAD, ...(single ? items[0]! : arrayPieces(items)), '}'], afterSent);
}

/** The text of okPage(data, pagination) around data already JSON text in pieces, one array element each. */
export function okPageText(items: readonly JsonPieces[], pagination: Pagination, afterSent?: () => void): JsonText {
  return new JsonText([OK_HEAD, ...arrayPieces(items), `,"pagination":${JSON.stringify(pagination)}}`], afterSent);
}

type JsonPieces = readonly (string | Buffer)[];

const arrayPieces = (items: readonly JsonPieces[]) => [
  '[',
  ...items.flatMap((pieces, i) => (i === 0 ? pieces : [',', ...pieces])),
  ']',
];

/**
 * A series whose last member is its list (a daily series' bars, a valuation series' days) as JSON text in
 * pieces: the list apart from the head that carries the name, so the bulk stays a one-byte string (a whole
 * answer written at once is two-byte text from its first Chinese name on, and twice the bytes to encode), and
 * the records of one series can be let go before the next is made. The same text as JSON.stringify of the
 * series. For tens of series of thousands of rows: pieces per company of a whole market's statements (one
 * record each) cost more than they save.
 */
export function seriesJson(series: object, key: string): string[] {
  const { [key]: list, ...head } = series as Record<string, unknown>;
  return [`${JSON.stringify(head).slice(0, -1)},${JSON.stringify(key)}:`, JSON.stringify(list), '}'];
}
