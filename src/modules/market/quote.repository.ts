import type { Db } from '../../db/connection';
import { whereVisible } from '../common/visibleRows.repository';

/** A stored live quote (live_quotes), the book as its JSON text. */
export interface LiveQuoteRow {
  ts_code: string;
  quote_time: string;
  name: string | null;
  last: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  pre_close: number | null;
  volume: number;
  amount: number;
  book: string;
  limit_up: number | null;
  limit_down: number | null;
  suspended: boolean | number;
}

/** A security's latest daily bar, unadjusted (volume in lots). */
export interface CloseRow {
  ts_code: string;
  trade_date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  pre_close: number | null;
  vol: number | null;
  amount: number | null;
}

/**
 * The newest live quote of each code whose market time the plan sees (`cutoff`, null: the newest): the row of
 * the latest minute holding a snapshot at or before the cut-off, one index range per code.
 */
export async function latestLiveQuotes(db: Db, tsCodes: readonly string[], cutoff: string | null): Promise<LiveQuoteRow[]> {
  const newestMinute = whereVisible(db('live_quotes as n').max('n.quote_minute').whereRaw('n.ts_code = q.ts_code'), 'n.quote_time', cutoff);
  const rows = await whereVisible(db('live_quotes as q').whereIn('q.ts_code', tsCodes).where('q.quote_minute', newestMinute), 'q.quote_time', cutoff).select('q.*');
  return rows.map((row) => ({ ...row, quote_time: String(row.quote_time).slice(0, 19) }));
}

/** The latest daily bar of each code that the plan sees (`through`: its newest visible trade date; null: any). */
export async function latestCloses(db: Db, tsCodes: readonly string[], through: string | null): Promise<CloseRow[]> {
  const newestDay = whereVisible(db('daily_bars as n').max('n.trade_date').whereRaw('n.ts_code = b.ts_code'), 'n.trade_date', through);
  return db('daily_bars as b')
    .whereIn('b.ts_code', tsCodes)
    .where('b.trade_date', newestDay)
    .select('b.ts_code', 'b.trade_date', 'b.open', 'b.high', 'b.low', 'b.close', 'b.pre_close', 'b.vol', 'b.amount');
}
