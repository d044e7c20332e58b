import type { Db } from '../db/connection';
import { upsertRows } from '../db/bulkWrite';
import type { Row } from '../db/upsertSpec';
import { bumpDataVersion } from '../db/dataVersions';
import { MinuteBarBuilder, type LiveMinuteBar } from '../domain/market/liveBars';
import type { LiveBatch } from '../domain/market/liveEvents';
import type { Snapshot } from '../domain/market/quotes';

/** A snapshot as a `live_quotes` row: under the minute it falls in. */
const quoteRow = (s: Snapshot): Row => ({
  ts_code: s.ts_code,
  quote_minute: `${s.time.slice(0, 16)}:00`,
  quote_time: s.time,
  name: s.name,
  last: s.last,
  open: s.open,
  high: s.high,
  low: s.low,
  pre_close: s.pre_close,
  volume: s.volume,
  amount: s.amount,
  book: JSON.stringify({ bids: s.bids, asks: s.asks }),
  limit_up: s.limit_up,
  limit_down: s.limit_down,
  suspended: s.suspended,
});

/** The last of each key: a batch may carry one symbol twice, and one statement cannot write a row twice. */
const lastByKey = (rows: Row[], key: readonly string[]): Row[] => [
  ...new Map(rows.map((row) => [key.map((column) => row[column]).join('|'), row])).values(),
];

const QUOTES = { table: 'live_quotes', key: ['ts_code', 'quote_minute'] };
const BARS = { table: 'intraday_bars', key: ['ts_code', 'trade_time'] };

/**
 * Writes what the feed's snapshots become, one transaction per batch: the latest quote of each minute
 * (`live_quotes`) and the one-minute bar each snapshot moves (`intraday_bars`, so the intraday route and the
 * minute klines answer them under the same retention; the after-close import replaces them by key). A new
 * session's first snapshot clears the quotes of the sessions before. Each batch bumps the `live` data version:
 * the daily answers that carry a running bar are keyed on it.
 */
export class LiveWriter {
  private readonly bars = new MinuteBarBuilder();
  private session: string | null = null;

  constructor(private readonly db: Db) {}

  /** Writes a batch; returns what it wrote (the quotes, and the bars they made or moved) for the stream. */
  async write(snapshots: readonly Snapshot[]): Promise<LiveBatch> {
    const fresh = snapshots.filter((snapshot) => snapshot.time.slice(0, 10) >= (this.session ?? ''));
    const bars = fresh
      .map((snapshot) => this.bars.update(snapshot))
      .filter((bar): bar is LiveMinuteBar => bar !== null);
    const day = fresh.reduce((latest, snapshot) => (snapshot.time > latest ? snapshot.time : latest), '').slice(0, 10);
    const newSession = day !== '' && day !== this.session;
    await this.db.transaction(async (trx) => {
      if (newSession) await trx('live_quotes').where('quote_minute', '<', `${day} 00:00:00`).delete();
      await upsertRows(trx, QUOTES, lastByKey(fresh.map(quoteRow), QUOTES.key));
      await upsertRows(
        trx,
        BARS,
        lastByKey(
          bars.map((bar) => ({ ...bar })),
          BARS.key,
        ),
      );
      if (fresh.length > 0) await bumpDataVersion(trx, 'live');
    });
    // Only once committed: a batch that failed leaves the earlier sessions' quotes for the next one to clear.
    if (newSession) this.session = day;
    return { bars, quotes: fresh };
  }
}
