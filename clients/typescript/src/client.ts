import { tableFromIPC, type Table } from 'apache-arrow';
import createClient, { type Client } from 'openapi-fetch';
import type { operations, paths } from './api.js';
import { beijingToday, dailyWindows, MAX_BAR_LIMIT, mergeDailyWindows, type DailySeries } from './dailyRange.js';
import { AshareApiError } from './errors.js';
import { retryingFetch, type RetryPolicy } from './retry.js';
import { liveStream, type LiveEvent, type Quote, type StreamOptions } from './stream.js';

type GetOperation<P extends keyof paths> = paths[P] extends { get: infer Op } ? Op : never;
type AccountPath = `/api/v1/${'auth' | 'api-keys' | 'billing'}${string}`;

/** Every data route (GET, API key): the account routes take a console session and are left to `raw`. */
export type DataPath = Exclude<
  { [P in keyof paths]: GetOperation<P> extends { responses: { 200: unknown } } ? P : never }[keyof paths],
  AccountPath
>;
/** The query parameters of a data route. */
export type QueryOf<P extends DataPath> = NonNullable<
  GetOperation<P> extends { parameters: { query?: infer Q } } ? Q : never
>;
/** The success body (`{code, message, data, …}`) of a data route. */
export type ResultOf<P extends DataPath> =
  GetOperation<P> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
/** The data routes whose rows come as tables too (CSV, NDJSON, Parquet, Arrow). */
export type TablePath = {
  [P in DataPath]: GetOperation<P> extends {
    responses: { 200: { content: { 'application/vnd.apache.arrow.stream': unknown } } };
  }
    ? P
    : never;
}[DataPath];
/** The data routes paginated by page/offset. */
export type PagedPath = {
  [P in DataPath]: ResultOf<P> extends { pagination: unknown; data: unknown[] } ? P : never;
}[DataPath];
/** One item of a paginated list. */
export type ItemOf<P extends PagedPath> = ResultOf<P> extends { data: Array<infer Item> } ? Item : never;

export type DailyQuery = operations['getDaily']['parameters']['query'];
export type TradesQuery = operations['getTrades']['parameters']['query'];
export type Trade = ResultOf<'/v1/market/trades'>['data'][number];

export interface AshareClientOptions {
  /** Where the API is served, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** The API key, sent as `X-API-KEY` on every request. */
  apiKey: string;
  retry?: RetryPolicy;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The ashare-api client: one typed `get` per data route, a daily helper for ranges longer than three years,
 * and async iteration over paginated lists and the trades cursor. Failures throw `AshareApiError`; a 429 is
 * retried after its `Retry-After` (bounded by `retry`).
 */
export class AshareClient {
  /** The underlying openapi-fetch client, typed on every route (e.g. for the account routes with a session). */
  readonly raw: Client<paths>;
  private readonly options: AshareClientOptions;

  constructor(options: AshareClientOptions) {
    const base = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.options = options;
    this.raw = createClient<paths>({
      baseUrl: options.baseUrl,
      headers: { 'X-API-KEY': options.apiKey },
      fetch: retryingFetch(base, options.retry),
    });
  }

  /** The latest quote of 1-50 symbols that the key's plan sees, in request order (live, or the latest close). */
  async quote(symbols: string | readonly string[]): Promise<Quote[]> {
    return (await this.get('/v1/market/quote', { symbol: typeof symbols === 'string' ? symbols : symbols.join(',') }))
      .data;
  }

  /**
   * The live stream of 1-50 symbols (`channels`: quote, bar or both) as an async iterator that reconnects
   * and resumes after the last event seen; end it with `options.signal` or by leaving the loop.
   */
  stream(
    symbols: string | readonly string[],
    channels: ReadonlyArray<'quote' | 'bar'> = ['quote', 'bar'],
    options: StreamOptions = {},
  ): AsyncGenerator<LiveEvent> {
    const query = new URLSearchParams({
      symbol: typeof symbols === 'string' ? symbols : symbols.join(','),
      channels: channels.join(','),
    });
    const url = `${this.options.baseUrl}/v1/market/stream?${query.toString().replace(/%2C/g, ',')}`;
    const fetchOne = this.options.fetch ?? ((request: Request) => globalThis.fetch(request));
    const open = (lastEventId: string | undefined, signal?: AbortSignal) =>
      fetchOne(
        new Request(url, {
          headers: {
            'X-API-KEY': this.options.apiKey,
            Accept: 'text/event-stream',
            ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
          },
          signal,
        }),
      );
    return liveStream(open, options);
  }

  /** One request to a data route: the success body, or an `AshareApiError`. */
  async get<P extends DataPath>(path: P, query: QueryOf<P>): Promise<ResultOf<P>> {
    // openapi-fetch types each literal path; for a path generic over all of them the init is checked by `get`'s signature.
    const get = this.raw.GET as (
      path: string,
      init: { params: { query: unknown } },
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, { params: { query } });
    if (!response.ok) throw await AshareApiError.fromResponse(response, error);
    return data as ResultOf<P>;
  }

  /**
   * A table route's rows as a Parquet file or an Arrow IPC stream: the bytes as served, to write to a file or
   * hand to another reader (DuckDB, Polars). Failures throw `AshareApiError` as `get` does.
   */
  async tableBytes<P extends TablePath>(path: P, query: QueryOf<P>, format: 'parquet' | 'arrow'): Promise<Uint8Array> {
    const get = this.raw.GET as (
      path: string,
      init: { params: { query: unknown }; parseAs: 'arrayBuffer' },
    ) => Promise<{ data?: ArrayBuffer; error?: unknown; response: Response }>;
    const { data, error, response } = await get(path, {
      params: { query: { ...query, format } },
      parseAs: 'arrayBuffer',
    });
    if (!response.ok) throw await AshareApiError.fromResponse(response, error);
    return new Uint8Array(data!);
  }

  /**
   * A table route's rows as an Apache Arrow table: typed columns (dates, timestamps in Asia/Shanghai, float64
   * prices, int64 volumes, dictionary strings) in the JSON rows' order, the envelope's facts in its schema's
   * metadata.
   */
  async arrowTable<P extends TablePath>(path: P, query: QueryOf<P>): Promise<Table> {
    return tableFromIPC(await this.tableBytes(path, query, 'arrow'));
  }

  /**
   * Daily bars of any range: a range longer than three years (the API's bound) is asked for in windows of
   * three years, newest first, and the series are joined. `begin_date` is required; `end_date` defaults to
   * today in Beijing. `limit` caps the joined series (no cap by default). One series for one symbol, an array
   * in request order for a comma-separated list, as the route answers.
   */
  async dailyRange(query: DailyQuery & { begin_date: string }): Promise<DailySeries | DailySeries[]> {
    const end = query.end_date ?? beijingToday();
    const windows: Array<DailySeries[] | null> = [];
    let lastError: AshareApiError | undefined;
    for (const window of dailyWindows(query.begin_date, end)) {
      try {
        const { data } = await this.get('/v1/market/daily', {
          ...query,
          begin_date: window.begin,
          end_date: window.end,
          limit: Math.min(query.limit ?? MAX_BAR_LIMIT, MAX_BAR_LIMIT),
        });
        windows.push(Array.isArray(data) ? data : [data]);
      } catch (err) {
        // A window without any bar answers 404 no_data; the other windows may still have some.
        if (!(err instanceof AshareApiError && err.error === 'no_data')) throw err;
        windows.push(null);
        lastError = err;
      }
      if (query.limit !== undefined && enoughRows(windows, query.limit)) break;
    }
    const merged = mergeDailyWindows(windows, query.limit);
    if (merged.length === 0) throw lastError!;
    return query.symbol.includes(',') ? merged : merged[0]!;
  }

  /** Every item of a page/offset list, page after page (`limit` items per request) until the last. */
  async *items<P extends PagedPath>(path: P, query: QueryOf<P>): AsyncGenerator<ItemOf<P>> {
    const start = query as { page?: number; offset?: number };
    let position: { offset: number } | { page: number } =
      start.offset !== undefined ? { offset: start.offset } : { page: start.page ?? 1 };
    for (;;) {
      const answer = (await this.get(path, { ...query, ...position } as QueryOf<P>)) as {
        data: ItemOf<P>[];
        pagination: { has_next_page: boolean };
      };
      yield* answer.data;
      if (!answer.pagination.has_next_page || answer.data.length === 0) return;
      position = 'offset' in position ? { offset: position.offset + answer.data.length } : { page: position.page + 1 };
    }
  }

  /** Every trade of a session, following the cursor until `has_more` is false. */
  async *trades(query: TradesQuery): AsyncGenerator<Trade> {
    let cursor = query.cursor;
    for (;;) {
      const page = await this.get('/v1/market/trades', { ...query, cursor });
      yield* page.data;
      if (!page.has_more || page.cursor === null) return;
      cursor = page.cursor;
    }
  }
}

function enoughRows(windows: Array<DailySeries[] | null>, limit: number): boolean {
  const present = windows.filter((series): series is DailySeries[] => series !== null);
  const count = (i: number) => present.reduce((sum, window) => sum + (window[i]?.daily.length ?? 0), 0);
  return present.length > 0 && present[0]!.every((_, i) => count(i) >= limit);
}
