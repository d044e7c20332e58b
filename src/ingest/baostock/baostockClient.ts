import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FrameReader, requestFrame, SPLIT, type Frame } from './frames';

/** A failure Baostock reported, or the connection could not be kept; `code` is Baostock's error code when it gave one. */
export class BaostockError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BaostockError';
  }
}

/** Baostock's code for an address it has blacklisted (after parallel or aggressive clients): the run stops. */
export const BLACKLISTED = '10001011';
const NOT_LOGGED_IN = '10001001';

/** A query of Baostock: its method, request type, and where its reply lists the fields of its records. */
export interface BaostockQuery {
  method: string;
  type: string;
  fieldsAt: number;
  /**
   * The by-date whole-market queries (0.9.x: 98 → 99, 9C → 9D) have no pages: their request is the method,
   * the user and the date, their reply the code, message, method, user, records (here) and fields.
   */
  unpaged?: { recordsAt: number };
}

export const QUERIES = {
  history: { method: 'query_history_k_data_plus', type: '95', fieldsAt: 8 },
  adjustFactor: { method: 'query_adjust_factor', type: '15', fieldsAt: 10 },
  stockBasic: { method: 'query_stock_basic', type: '45', fieldsAt: 9 },
  tradeDates: { method: 'query_trade_dates', type: '33', fieldsAt: 9 },
  dividend: { method: 'query_dividend_data', type: '13', fieldsAt: 10 },
  profit: { method: 'query_profit_data', type: '17', fieldsAt: 10 },
  operation: { method: 'query_operation_data', type: '19', fieldsAt: 10 },
  growth: { method: 'query_growth_data', type: '21', fieldsAt: 10 },
  dupont: { method: 'query_dupont_data', type: '23', fieldsAt: 10 },
  balance: { method: 'query_balance_data', type: '25', fieldsAt: 10 },
  cashflow: { method: 'query_cash_flow_data', type: '27', fieldsAt: 10 },
  /** Every A-share's unadjusted daily k-data of one date. */
  dayOfStocks: { method: 'query_daily_history_k_AStock', type: '98', fieldsAt: 5, unpaged: { recordsAt: 4 } },
  /** The adjustment factors of one date's ex-dates, every A-share's. */
  dayOfFactors: { method: 'query_daily_adjust_factor', type: '9C', fieldsAt: 5, unpaged: { recordsAt: 4 } },
} as const satisfies Record<string, BaostockQuery>;

/** The records of every page of a query, each a map of field → text (Baostock sends every value as a string). */
export type BaostockRecord = Record<string, string>;

export interface BaostockOptions {
  host: string;
  port: number;
  connectTimeoutMs?: number;
  /** A reply not complete within this is a lost connection (the official client waits forever on a dead peer). */
  readTimeoutMs?: number;
  /** Pause between two requests: one query at a time, politely paced (parallel clients get blacklisted). */
  pauseMs?: number;
  /** Long connections drop: reconnect and log in again after this many requests. */
  requestsPerLogin?: number;
  /** Attempts of one page after a reset or timeout, each on a fresh connection and login. */
  retries?: number;
  /** Records per page asked (the official client's 10,000). */
  perPage?: number;
}

/** What the client did, for the run's summary. */
export interface BaostockStats {
  requests: number;
  retries: number;
  logins: number;
}

class ConnectionLost extends Error {}

/**
 * Baostock's TCP protocol over one socket, one request at a time (a socket cannot carry requests in parallel):
 * login, paged queries until a short page, connect and read timeouts, reconnect and login again after a reset,
 * a timeout or every `requestsPerLogin` requests, and a pause between requests. A blacklisted address
 * (10001011) is an error that stops the caller instead of a retry storm.
 */
export class BaostockClient {
  readonly stats: BaostockStats = { requests: 0, retries: 0, logins: 0 };
  private socket: Socket | undefined;
  private reader = new FrameReader();
  private waiting: { resolve(frame: Frame): void; reject(err: Error): void } | undefined;
  private requestsOnLogin = 0;
  private lastRequestAt = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly options: Required<BaostockOptions>;

  constructor(options: BaostockOptions) {
    this.options = {
      connectTimeoutMs: 10_000,
      readTimeoutMs: 30_000,
      pauseMs: 200,
      requestsPerLogin: 500,
      retries: 3,
      perPage: 10_000,
      ...options,
    };
  }

  /** Every record of the query (`params` after the method, user, page and page size), in Baostock's order. */
  query(query: BaostockQuery, params: readonly string[]): Promise<BaostockRecord[]> {
    const run = this.queue.then(() => this.allPages(query, params));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Logs out (best effort) and closes the socket. */
  async close(): Promise<void> {
    await this.queue;
    if (this.socket === undefined) return;
    await this.roundTrip(requestFrame('02', ['logout', 'anonymous', compactNow()])).catch(() => undefined);
    this.drop();
  }

  private async allPages(query: BaostockQuery, params: readonly string[]): Promise<BaostockRecord[]> {
    if (query.unpaged !== undefined)
      return recordsOf(
        await this.request(query, [query.method, 'anonymous', ...params]),
        query.unpaged.recordsAt,
        query.fieldsAt,
      ).records;
    const records: BaostockRecord[] = [];
    for (let page = 1; ; page++) {
      const body = await this.request(query, [
        query.method,
        'anonymous',
        String(page),
        String(this.options.perPage),
        ...params,
      ]);
      const { records: pageRecords, rows } = recordsOf(body, 6, query.fieldsAt);
      records.push(...pageRecords);
      if (rows < this.options.perPage) return records;
    }
  }

  /** One request's reply body (error code 0), with fresh connections and logins for as many attempts as allowed. */
  private async request(query: BaostockQuery, fields: string[]): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.loggedIn();
        const body = checked(await this.roundTrip(requestFrame(query.type, fields)));
        this.requestsOnLogin++;
        return body;
      } catch (err) {
        const retryable = err instanceof ConnectionLost || (err instanceof BaostockError && err.code === NOT_LOGGED_IN);
        if (!retryable || attempt >= this.options.retries)
          throw err instanceof ConnectionLost ? new BaostockError(`Baostock connection lost: ${err.message}`) : err;
        this.stats.retries++;
        this.drop();
      }
    }
  }

  private async loggedIn(): Promise<void> {
    if (this.socket !== undefined && this.requestsOnLogin < this.options.requestsPerLogin) return;
    this.drop();
    await this.open();
    checked(await this.roundTrip(requestFrame('00', ['login', 'anonymous', '123456', '0'])));
    this.stats.logins++;
    this.requestsOnLogin = 0;
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.options.host, port: this.options.port });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(
          new ConnectionLost(
            `no connection to ${this.options.host}:${this.options.port} within ${this.options.connectTimeoutMs} ms`,
          ),
        );
      }, this.options.connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        this.socket = socket;
        this.reader = new FrameReader();
        resolve();
      });
      socket.on('data', (chunk) => this.received(chunk));
      socket.on('error', (err) => {
        clearTimeout(timer);
        if (this.socket === undefined) reject(new ConnectionLost(err.message));
        this.lost(socket, err.message);
      });
      socket.on('close', () => this.lost(socket, 'closed by the server'));
    });
  }

  private received(chunk: Buffer): void {
    this.reader.push(chunk);
    for (let frame = this.reader.next(); frame !== null; frame = this.reader.next()) {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(frame);
    }
  }

  private lost(socket: Socket, reason: string): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(new ConnectionLost(reason));
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
  }

  /** Sends one frame and waits for one reply, paced and bounded by the read timeout. */
  private async roundTrip(frame: Buffer): Promise<Frame> {
    const wait = this.lastRequestAt + this.options.pauseMs - Date.now();
    if (wait > 0) await sleep(wait);
    const socket = this.socket;
    if (socket === undefined) throw new ConnectionLost('not connected');
    this.lastRequestAt = Date.now();
    this.stats.requests++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new ConnectionLost(`no reply within ${this.options.readTimeoutMs} ms`));
      }, this.options.readTimeoutMs);
      this.waiting = {
        resolve: (reply) => (clearTimeout(timer), resolve(reply)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      };
      socket.write(frame);
    });
  }
}

/** The body of a successful reply; Baostock's failures (an error reply, type 04, or a non-zero code) as errors. */
function checked(frame: Frame): string {
  const [code = '', message = ''] = frame.body.split(SPLIT);
  if (code === '0') return frame.body;
  if (code === BLACKLISTED)
    throw new BaostockError(
      `Baostock has blacklisted this address (${code} ${message}); stop every client on it and wait before running again`,
      code,
    );
  throw new BaostockError(`Baostock answered ${code} ${message}`.trim(), code);
}

/** The records of a reply body, each a map of its fields, and how many rows it held. */
function recordsOf(body: string, recordsAt: number, fieldsAt: number): { records: BaostockRecord[]; rows: number } {
  const parts = body.split(SPLIT);
  const rows = parseRecords(parts[recordsAt] ?? '');
  const fields = (parts[fieldsAt] ?? '').split(',').map((field) => field.trim());
  return {
    records: rows.map((row) => Object.fromEntries(fields.map((field, i) => [field, row[i] ?? '']))),
    rows: rows.length,
  };
}

/** `{"record":[[...],...]}` of a reply. (The official client strips all whitespace first, spaces in names too.) */
function parseRecords(data: string): string[][] {
  if (data.trim() === '') return [];
  return (JSON.parse(data) as { record?: string[][] }).record ?? [];
}

const compactNow = () => new Date().toISOString().replace(/\D/g, '').slice(0, 14);
