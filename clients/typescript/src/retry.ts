/** How often and how long the client waits out a 429 before it gives up and throws. */
export interface RetryPolicy {
  /** Retries after the first answer; 0 turns retrying off. Default 3. */
  maxRetries?: number;
  /** The longest single wait in milliseconds; a longer `Retry-After` is not waited out. Default 60,000 (the API's window is one minute). */
  maxDelayMs?: number;
}

const DEFAULT_RETRIES = 3;
const DEFAULT_MAX_DELAY_MS = 60_000;
/** Without a usable `Retry-After`, wait one second (the API always sends one, at least 1 s). */
const FALLBACK_DELAY_MS = 1000;

/** Milliseconds a `Retry-After` value asks for: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value === null || value.trim() === '') return FALLBACK_DELAY_MS;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? FALLBACK_DELAY_MS : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch that answers a 429 by waiting `Retry-After` and asking again, at most `maxRetries` times. */
export function retryingFetch(
  base: (request: Request) => Promise<Response>,
  policy: RetryPolicy = {},
): (request: Request) => Promise<Response> {
  const maxRetries = policy.maxRetries ?? DEFAULT_RETRIES;
  const maxDelayMs = policy.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const response = await base(request.clone());
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const delay = retryAfterMs(response.headers.get('retry-after'));
      if (delay > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
