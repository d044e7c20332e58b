import type { Db } from '../../db/connection';
import type { BookLevel, Snapshot } from '../../domain/quotes';
import type { CloseRow } from './market.types';
import { whereVisible } from '../common/visibleRows.repository';

/**
 * The newest live quote of each code whose market time the plan sees (`cutoff`, null: the newest): the row of
 * the latest minute holding a snapshot at or before the cut-off, one index range per code.
 */
export async function latestLiveQuotes(db: Db, tsCodes: readonly string[], cutoff: string | null): Promise<Snapshot[]> {
  const newestMinute = whereVisible(db('live_quotes as n').max('n.quote_minute').whereRaw('n.ts_code = q.ts_code'), 'n.quote_time', cutoff);
  const rows = await whereVisible(db('live_quotes as q').whereIn('q.ts_code', tsCodes).where('q.quote_minute', newestMinute), 'q.quote_time', cutoff).select('q.*');
  return rows.map(snapshotOf);
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A stored live quote as the snapshot it was (the book from its JSON text; numbers as numbers on both engines). */
function snapshotOf(row: Record<string, unknown>): Snapshot {
  const book = JSON.parse(String(row.book)) as { bids: BookLevel[]; asks: BookLevel[] };
  return {
    ts_code: String(row.ts_code), name: String(row.name ?? ''), time: String(row.quote_time).slice(0, 19), last: num(row.last), open: num(row.open),
    high: num(row.high), low: num(row.low), pre_close: num(row.pre_close), volume: Number(row.volume), amount: Number(row.amount), bids: book.bids,
    asks: book.asks, limit_up: num(row.limit_up), limit_down: num(row.limit_down), suspended: Boolean(Number(row.suspended)),
  };
}

/** The latest daily bar of each code that the plan sees (`through`: its newest visible trade date; null: any). */
export async function latestCloses(db: Db, tsCodes: readonly string[], through: string | null): Promise<CloseRow[]> {
  const newestDay = whereVisible(db('daily_bars as n').max('n.trade_date').whereRaw('n.ts_code = b.ts_code'), 'n.trade_date', through);
  return db('daily_bars as b')
    .whereIn('b.ts_code', tsCodes)
    .where('b.trade_date', newestDay)
    .select('b.ts_code', 'b.trade_date', 'b.open', 'b.high', 'b.low', 'b.close', 'b.pre_close', 'b.vol', 'b.amount');
}
