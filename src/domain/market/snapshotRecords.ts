import { fnv1a } from '../api/fnv1a';
import type { Snapshot } from './quotes';
import { exchangeDateTime } from '../time/clock';
import { epochMillis } from '../answers/columnTypes';
import { minuteKlines, type Kline } from './klines';
import { MinuteBarBuilder, type LiveMinuteBar } from './liveBars';

/**
 * The recorded snapshots' layout (`RECORD_SNAPSHOTS`): every quote snapshot the live feed takes, with when it was
 * taken and from which source, one row each, under `<SNAPSHOT_DIR>/date=<YYYY-MM-DD>/` (a Hive partition by
 * Beijing date). A security's rows are in one of BUCKETS files of the day, the same bucket every day
 * (`snapshotBucketOf`), so one security's day is read from one file: during the session its journal
 * (`journal/bucket-NNN.arrows`, one Arrow IPC stream a record batch longer each time the feed's snapshots are written), after the close the bucket's
 * Parquet file (`bucket-NNN.parquet`, sorted by security and time, a row group per few thousand rows).
 */
export const SNAPSHOT_BUCKETS = 128;

/** The order levels a snapshot records of each side (the free sources publish five). */
export const BOOK_LEVELS = 5;

/** The recorded columns, in order: the quote, the book's five levels a side (prices, then volumes), the limits. */
export const SNAPSHOT_NUMBER_COLUMNS = [
  'last',
  'open',
  'high',
  'low',
  'pre_close',
  'volume',
  'amount',
  'bid_price_1',
  'bid_price_2',
  'bid_price_3',
  'bid_price_4',
  'bid_price_5',
  'bid_volume_1',
  'bid_volume_2',
  'bid_volume_3',
  'bid_volume_4',
  'bid_volume_5',
  'ask_price_1',
  'ask_price_2',
  'ask_price_3',
  'ask_price_4',
  'ask_price_5',
  'ask_volume_1',
  'ask_volume_2',
  'ask_volume_3',
  'ask_volume_4',
  'ask_volume_5',
  'limit_up',
  'limit_down',
] as const;

/**
 * One recorded snapshot: `taken_at` the instant the feed received it and `quote_time` the market time the source
 * stamped on it (both epoch milliseconds), the numbers in the store's units (yuan, shares), null where the source
 * had none.
 */
export interface SnapshotRecord {
  ts_code: string;
  taken_at: number;
  source: string;
  quote_time: number;
  numbers: Array<number | null>;
  suspended: boolean;
}

/** A snapshot as recorded, taken at `takenAt` (epoch ms) from `source`. */
export function snapshotRecordOf(snapshot: Snapshot, takenAt: number, source: string): SnapshotRecord {
  const numbers: Array<number | null> = [
    snapshot.last,
    snapshot.open,
    snapshot.high,
    snapshot.low,
    snapshot.pre_close,
    snapshot.volume,
    snapshot.amount,
  ];
  pushLevels(numbers, snapshot.bids, 0);
  pushLevels(numbers, snapshot.bids, 1);
  pushLevels(numbers, snapshot.asks, 0);
  pushLevels(numbers, snapshot.asks, 1);
  numbers.push(snapshot.limit_up, snapshot.limit_down);
  return {
    ts_code: snapshot.ts_code,
    taken_at: takenAt,
    source,
    // The sources' times are parsed as Beijing wall times (quotes.ts): never malformed here.
    quote_time: epochMillis(snapshot.time)!,
    numbers,
    suspended: snapshot.suspended,
  };
}

/** The prices (`at` 0) or volumes (1) of a side's BOOK_LEVELS levels, null past those the source gave. */
function pushLevels(numbers: Array<number | null>, side: Snapshot['bids'], at: 0 | 1): void {
  for (let level = 0; level < BOOK_LEVELS; level++) numbers.push(side[level]?.[at] ?? null);
}

/** The bucket of a security (FNV-1a of its code): the same every day, so its days are each in one file. */
export const snapshotBucketOf = (tsCode: string): number => fnv1a(tsCode) % SNAPSHOT_BUCKETS;

/** `bucket-007`: the file name of a bucket, without its extension. */
export const bucketName = (bucket: number) => `bucket-${String(bucket).padStart(3, '0')}`;

/**
 * `SNAPSHOT_RETENTION`: how much the recorder keeps, in days (`30d`: the last 30 recorded days) or in gigabytes
 * (`20GB`: the newest days that fit in 20 GB), or `off` (all).
 */
export type SnapshotRetention = { days: number } | { bytes: number } | null;

export function parseSnapshotRetention(text: string): SnapshotRetention {
  if (text === 'off') return null;
  const match = /^(\d+(?:\.\d+)?)\s*(d|GB)$/i.exec(text.trim());
  if (match === null)
    throw new Error(`SNAPSHOT_RETENTION must be a number of days (30d), of gigabytes (20GB) or off: ${text}`);
  const amount = Number(match[1]);
  return match[2]!.toLowerCase() === 'd' ? { days: Math.max(1, Math.floor(amount)) } : { bytes: amount * 2 ** 30 };
}

/** The recorded days retention removes: beyond the newest `days`, or the oldest until the rest fit in `bytes`. */
export function daysBeyondRetention(
  recorded: ReadonlyArray<{ date: string; bytes: number }>,
  retention: SnapshotRetention,
): string[] {
  if (retention === null) return [];
  const newestFirst = [...recorded].sort((a, b) => b.date.localeCompare(a.date));
  if ('days' in retention) return newestFirst.slice(retention.days).map(({ date }) => date);
  let kept = 0;
  return newestFirst
    .filter(({ bytes }, i) => {
      kept += bytes;
      // The newest day stays whatever its size: the one being recorded.
      return i > 0 && kept > retention.bytes;
    })
    .map(({ date }) => date);
}

/** A recorded snapshot as the feed's snapshot again (its book left out): what the minute bars are built from. */
function snapshotOfRecord(record: SnapshotRecord): Snapshot {
  const [last, open, high, low, preClose, volume, amount] = record.numbers;
  return {
    ts_code: record.ts_code,
    name: '',
    time: exchangeDateTime(new Date(record.quote_time)),
    last: last ?? null,
    open: open ?? null,
    high: high ?? null,
    low: low ?? null,
    pre_close: preClose ?? null,
    volume: volume ?? 0,
    amount: amount ?? 0,
    bids: [],
    asks: [],
    limit_up: record.numbers.at(-2) ?? null,
    limit_down: record.numbers.at(-1) ?? null,
    suspended: record.suspended,
  };
}

/**
 * One security's one-minute klines of a recorded day, rebuilt from its snapshots in the order taken as the live
 * feed builds them (`MinuteBarBuilder`): right-closed, each bar labelled by its minute's end (09:31 holds
 * 09:30:00-09:30:59 and the opening auction), prices from the last prices within the minute, volume (lots) and
 * amount the differences of the day's cumulative figures across it; the first minute seen after the open is
 * dropped when the recording began later (its start is unknown).
 */
export function minuteKlinesOfSnapshots(records: readonly SnapshotRecord[]): Kline[] {
  const builder = new MinuteBarBuilder();
  const bars = new Map<string, LiveMinuteBar>();
  for (const record of records) {
    const bar = builder.update(snapshotOfRecord(record));
    if (bar !== null) bars.set(bar.trade_time, { ...bar });
  }
  return minuteKlines([...bars.values()], 1, () => 1);
}
