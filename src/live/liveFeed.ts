import type { Logger } from 'pino';
import type { Db } from '../db/connection';
import type { LiveBatch } from '../domain/market/liveEvents';
import { MAIN_INDICES } from '../domain/market/mainIndices';
import { normalizeSymbol } from '../domain/reference/symbols';
import { LiveWriter } from './liveWriter';
import type { SnapshotRecorder } from './snapshotRecorder';
import { QuoteFeed } from './quoteFeed';
import { replaySource } from './replaySource';
import { sinaSource, tencentSource, type QuoteSource } from './quoteSources';

export interface LiveFeedOptions {
  source: 'tencent' | 'sina' | 'replay';
  /** `replay`: session minutes per minute of wall-clock time. */
  replaySpeed?: number;
  /** The chosen source's base URL (tests and benches point it at a local server); the other keeps its own. */
  url?: string;
  /** `all`, or codes in any symbol format. */
  symbols: string;
  intervalMs: number;
  clock?: () => Date;
}

/** The codes to poll: a list as given (in standard form), or every listed stock, ETF and convertible and the main indices. */
function symbolsOf(db: Db, symbols: string): () => Promise<string[]> {
  if (symbols.trim().toLowerCase() !== 'all') {
    const codes = symbols.split(',').map((symbol) => normalizeSymbol(symbol.trim()));
    const bad = symbols.split(',').filter((_, i) => codes[i] === null);
    if (bad.length > 0) throw new Error(`QUOTE_SYMBOLS: not a symbol: ${bad.join(', ')}`);
    return async () => codes as string[];
  }
  return async () => {
    const listed = await db('securities')
      .whereIn('kind', ['stock', 'etf', 'convertible'])
      .where({ list_status: 'L' })
      .orderBy('ts_code')
      .pluck('ts_code');
    return [...listed, ...MAIN_INDICES];
  };
}

/** Whether the stored SSE calendar has a date as a trading day. */
const tradingDayIn = (db: Db) => async (date: string) =>
  (await db('trade_calendar').where({ exchange: 'SSE', cal_date: date, is_open: true }).first('cal_date')) !==
  undefined;

/** The sources in order: the chosen one, then (a real source not pointed elsewhere) the other as its failover. */
function sourcesOf(db: Db, options: LiveFeedOptions): QuoteSource[] {
  if (options.source === 'replay')
    return [replaySource(db, { speed: options.replaySpeed ?? 20, clock: options.clock })];
  const chosen = options.source === 'tencent' ? tencentSource(options.url) : sinaSource(options.url);
  // The failover source is a third party the operator did not point at a test server: only a real feed fails over.
  if (options.url !== undefined) return [chosen];
  return [chosen, options.source === 'tencent' ? sinaSource() : tencentSource()];
}

/**
 * The quote feed as the server runs it (QUOTE_SOURCE): the chosen source (and a real one's failover), its
 * snapshots written by one LiveWriter and, with a recorder, recorded; `onWrite` hears what each request wrote
 * (the stream).
 */
export function liveFeed(
  db: Db,
  options: LiveFeedOptions,
  logger: Logger,
  onWrite: (batch: LiveBatch) => void = () => {},
  recorder?: SnapshotRecorder,
): QuoteFeed {
  const writer = new LiveWriter(db);
  return new QuoteFeed({
    sources: sourcesOf(db, options),
    anyTime: options.source === 'replay',
    symbols: symbolsOf(db, options.symbols),
    intervalMs: options.intervalMs,
    isTradingDay: tradingDayIn(db),
    onSnapshots: async (snapshots, source) => {
      recorder?.record(snapshots, source);
      onWrite(await writer.write(snapshots));
    },
    logger,
    clock: options.clock,
  });
}
