import type { Db } from '../../db/connection';
import type { Snapshot } from '../../domain/market/quotes';
import type { CloseRow } from './market.types';
import { whereVisible } from '../common/visibleRows.repository';
import { DAY_BAR_COLUMNS } from './market.repository';

/** A stored live quote (live_quotes): a snapshot's figures, its minute, the book as JSON text, halted as 0/1 on SQLite. */
type LiveQuoteRow = Omit<Snapshot, 'time' | 'bids' | 'asks' | 'suspended'> & {
  quote_minute: string;
  quote_time: string;
  book: string;
  suspended: boolean | number;
};

/**
 * The newest live quote of each code whose market time the plan sees (`cutoff`, null: the newest): the row of
 * the latest minute holding a snapshot at or before the cut-off, one index range per code.
 */
export async function latestLiveQuotes(db: Db, tsCodes: readonly string[], cutoff: string | null): Promise<Snapshot[]> {
  const newestMinute = whereVisible(
    db('live_quotes as n').max('n.quote_minute').whereRaw('n.ts_code = q.ts_code'),
    'n.quote_time',
    cutoff,
  );
  const rows: LiveQuoteRow[] = await whereVisible(
    db('live_quotes as q').whereIn('q.ts_code', tsCodes).where('q.quote_minute', newestMinute),
    'q.quote_time',
    cutoff,
  ).select('q.*');
  return rows.map(snapshotOf);
}

/** A stored live quote as the snapshot it was: the book from its JSON text, halted as a boolean on both engines. */
function snapshotOf({ quote_minute: _minute, quote_time: time, book, suspended, ...figures }: LiveQuoteRow): Snapshot {
  return {
    ...figures,
    time,
    ...(JSON.parse(book) as Pick<Snapshot, 'bids' | 'asks'>),
    suspended: Boolean(Number(suspended)),
  };
}

/** The latest daily bar of each code that the plan sees (`through`: its newest visible trade date; null: any). */
export async function latestCloses(db: Db, tsCodes: readonly string[], through: string | null): Promise<CloseRow[]> {
  const newestDay = whereVisible(
    db('daily_bars as n').max('n.trade_date').whereRaw('n.ts_code = b.ts_code'),
    'n.trade_date',
    through,
  );
  return db('daily_bars as b').whereIn('b.ts_code', tsCodes).where('b.trade_date', newestDay).select(DAY_BAR_COLUMNS);
}
