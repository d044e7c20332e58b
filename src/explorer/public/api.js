// The explorer speaks only the public /v1 API, with the key the person pastes (kept in sessionStorage: gone
// when the tab closes; never in a URL, so never in a log).
const KEY = 'ashare-explorer-key';

export const apiKey = () => sessionStorage.getItem(KEY) ?? '';
export const setApiKey = (key) => sessionStorage.setItem(KEY, key.trim());

/** An error of the API, its envelope's code and message. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** GET a /v1 route: its envelope's `data`, or an ApiError. */
export async function get(path, params = {}) {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  const response = await fetch(`${path}?${query}`, { headers: { 'X-API-KEY': apiKey(), Accept: 'application/json' } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new ApiError(response.status, body.error ?? 'http_error', body.message ?? `HTTP ${response.status}`);
  return body.data;
}

/**
 * The live stream of one symbol (Server-Sent Events read from fetch, so the key goes in a header): calls
 * `onEvent(event, data)` per event and `onOpen(minuteDelay)` once the answer's headers are in; `abort` ends it.
 */
export async function stream(symbol, { onOpen, onEvent, signal }) {
  const response = await fetch(`/v1/market/stream?symbol=${encodeURIComponent(symbol)}&channels=quote,bar`, {
    headers: { 'X-API-KEY': apiKey(), Accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok) return;
  onOpen(Number(response.headers.get('X-Minute-Delay') ?? 0));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ done: true }));
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => line && !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      if (fields.event && fields.data) onEvent(fields.event, JSON.parse(fields.data));
    }
  }
}

/** An element with text and attributes. */
export function element(tag, text, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** A number as the tables show it: grouped, at most `digits` decimals; a dash for none. */
export const figure = (value, digits = 2) =>
  value === null || value === undefined
    ? '—'
    : Number(value).toLocaleString('en-US', { maximumFractionDigits: digits });

/** A `YYYY-MM-DD` day a number of years before another (the same month and day). */
export const yearsBefore = (day, years) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
