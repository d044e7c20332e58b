import { roundTo, type RawDailyBar } from './adjust';
import type { Snapshot } from './quotes';

/** Today's bar while the session runs: built from the latest live quote, replaced by the after-close import. */
export interface RunningBar {
  bar: RawDailyBar;
  /** The quote's market time (Beijing `YYYY-MM-DD HH:MM:SS`). */
  asOf: string;
  /** True once the quote is from the close (15:00) on: the figures no longer move, but they are still the feed's. */
  final: boolean;
}

/**
 * The running daily bar of a live quote, in the store's units (volume in lots, amount in yuan), or null for a
 * halted or priceless quote. Its factor continues the security's newest stored bar (`previous`): unchanged on
 * an ordinary day; on an ex-date, where the exchange's reference pre-close is below the last close, it steps
 * by last close ÷ reference pre-close — the step the after-close factor takes — so forward-adjusted history
 * anchored on today lines up with today's unadjusted prices.
 */
export function runningDailyBar(
  quote: Snapshot,
  previous: Pick<RawDailyBar, 'close' | 'adj_factor'> | null,
): RunningBar | null {
  const { last, pre_close: preClose } = quote;
  if (quote.suspended || last === null) return null;
  const change = preClose === null ? null : roundTo(last - preClose, 4);
  return {
    bar: {
      trade_date: quote.time.slice(0, 10),
      open: quote.open,
      high: quote.high,
      low: quote.low,
      close: last,
      pre_close: preClose,
      change,
      pct_chg: change === null || !preClose ? null : roundTo((last / preClose - 1) * 100, 4),
      vol: quote.volume / 100,
      amount: quote.amount,
      turnover: null,
      adj_factor: continuedFactor(previous, preClose),
    },
    asOf: quote.time,
    final: quote.time.slice(11) >= '15:00:00',
  };
}

function continuedFactor(
  previous: Pick<RawDailyBar, 'close' | 'adj_factor'> | null,
  preClose: number | null,
): number | null {
  if (previous === null || previous.adj_factor === null) return null;
  if (previous.close === null || preClose === null || previous.close === preClose) return previous.adj_factor;
  return (previous.adj_factor * previous.close) / preClose;
}
