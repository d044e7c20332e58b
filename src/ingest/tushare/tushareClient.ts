/** A failed Tushare call that retrying does not fix (bad token, no permission, daily quota, bad reply). */
export class TushareError extends Error {
  override name = 'TushareError';
}

export interface TushareOptions {
  /** Base URL of the HTTP API (Tushare Pro: https://api.tushare.pro; a replay server in tests). */
  url: string;
  token: string;
  /** Calls per minute this client keeps to (Tushare's limits are per API and account, e.g. 200 for daily). */
  callsPerMinute?: number;
  /** Wait after a per-minute limit reply or a transport failure before retrying; doubles each time. */
  retryDelayMs?: number;
  maxRetries?: number;
  log?(line: string): void;
}

export interface TushareTable {
  fields: string[];
  items: unknown[][];
}

/** Tushare's reply when a per-minute quota is used up: "抱歉，您每分钟最多访问该接口200次，…". */
const PER_MINUTE_LIMIT = /每分钟最多访问|per minute/i;

interface Reply {
  code: number;
  msg: string | null;
  data: TushareTable | null;
}

/**
 * Tushare Pro's HTTP API: POST {api_name, token, params, fields} → {code, msg, data: {fields, items}};
 * code 0 is success. Per-minute limit replies and transport failures are retried after a growing pause.
 */
export function tushareClient(options: TushareOptions) {
  const spacingMs = options.callsPerMinute ? 60_000 / options.callsPerMinute : 0;
  const retryDelayMs = options.retryDelayMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 5;
  let nextCallAt = 0;

  async function once(apiName: string, params: Record<string, string>): Promise<Reply> {
    const wait = nextCallAt - Date.now();
    if (wait > 0) await sleep(wait);
    nextCallAt = Date.now() + spacingMs;
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_name: apiName, token: options.token, params, fields: '' }),
    });
    if (!response.ok) throw new TransientError(`HTTP ${response.status}`);
    return (await response.json()) as Reply;
  }

  return async function call(apiName: string, params: Record<string, string>): Promise<TushareTable> {
    for (let attempt = 0; ; attempt++) {
      let reason: string;
      try {
        const reply = await once(apiName, params);
        if (reply.code === 0 && reply.data) return reply.data;
        if (!PER_MINUTE_LIMIT.test(reply.msg ?? ''))
          throw new TushareError(`tushare ${apiName}: ${reply.msg ?? 'no message'} (code ${reply.code})`);
        reason = reply.msg!;
      } catch (err) {
        if (err instanceof TushareError) throw err;
        reason = (err as Error).message;
      }
      if (attempt >= maxRetries)
        throw new TushareError(`tushare ${apiName}: gave up after ${attempt + 1} attempts: ${reason}`);
      const delay = retryDelayMs * 2 ** attempt;
      options.log?.(`tushare ${apiName}: ${reason}; retrying in ${Math.round(delay / 1000)} s`);
      await sleep(delay);
    }
  };
}

export type TushareCall = ReturnType<typeof tushareClient>;

class TransientError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
