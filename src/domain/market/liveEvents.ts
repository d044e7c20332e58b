import type { LiveMinuteBar } from './liveBars';
import type { Snapshot } from './quotes';

/** The stream's channels: a security's quote snapshots, and its one-minute bar as it moves. */
export type LiveChannel = 'quote' | 'bar';

/**
 * One event of the live stream: its id (increasing across the service's life, so a reconnect's
 * `Last-Event-ID` says where to resume), channel, security and market time (a quote's snapshot time, a bar's
 * minute end), on which each plan's delay counts.
 */
export type LiveEvent = { id: number; symbol: string; time: string } & (
  { channel: 'quote'; snapshot: Snapshot } | { channel: 'bar'; bar: LiveMinuteBar }
);

/** What one write of the quote feed carries to the stream. */
export interface LiveBatch {
  quotes: readonly Snapshot[];
  bars: readonly LiveMinuteBar[];
}

/**
 * The ids of a process that publishes: from ten times the start's epoch milliseconds, one per event, so ids
 * keep increasing across restarts while fewer than ten events a millisecond are published on average.
 */
export function liveIds(startedAt: number): () => number {
  let next = startedAt * 10;
  return () => next++;
}

/** A batch as stream events, quotes before the bars they moved. */
export function eventsOf(batch: LiveBatch, nextId: () => number): LiveEvent[] {
  return [
    ...batch.quotes.map((snapshot): LiveEvent => ({
      id: nextId(),
      channel: 'quote',
      symbol: snapshot.ts_code,
      time: snapshot.time,
      snapshot,
    })),
    ...batch.bars.map((bar): LiveEvent => ({
      id: nextId(),
      channel: 'bar',
      symbol: bar.ts_code,
      time: bar.trade_time,
      bar,
    })),
  ];
}
