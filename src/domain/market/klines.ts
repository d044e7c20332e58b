import { clockOf } from '../time/dates';
import type { components } from '../../../generated/api';
import type { DailyBar } from './adjust';
import { roundTo } from './adjust';
import type { PeriodInterval } from '../time/calendar';
import { isPeriodClosed, periodStart } from '../time/calendar';

/** Canonical intervals of the frequency table; minute intervals count minutes. */
export type MinuteInterval = '1m' | '5m' | '15m' | '30m' | '60m';
export type DayInterval = 'daily' | PeriodInterval;
export type Interval = MinuteInterval | DayInterval;

const ALIASES: Record<string, Interval> = {
  '1m': '1m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '60m': '60m',
  '1h': '60m',
  daily: 'daily',
  '1d': 'daily',
  weekly: 'weekly',
  '1w': 'weekly',
  monthly: 'monthly',
  '1M': 'monthly',
  quarterly: 'quarterly',
  '1q': 'quarterly',
  yearly: 'yearly',
  '1y': 'yearly',
};

/** A value of the frequency table (case matters: `1m` is a minute, `1M` a month) → its canonical interval. */
export function canonicalInterval(value: string): Interval | null {
  return Object.hasOwn(ALIASES, value) ? ALIASES[value]! : null;
}

export function isMinuteInterval(interval: Interval): interval is MinuteInterval {
  return interval.endsWith('m');
}

/** Length of a minute interval in minutes. */
export function minutesOf(interval: MinuteInterval): number {
  return Number(interval.slice(0, -1));
}

/** A bar of any interval, as the contract's Kline. */
export type Kline = components['schemas']['Kline'];

const sum = (values: (number | null)[]) =>
  values.reduce<number | null>((total, v) => (v === null ? total : (total ?? 0) + v), null);
const rounded = (value: number | null) => (value === null ? null : roundTo(value, 2));
const max = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
};
const min = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.min(...known) : null;
};

/** A daily bar as a kline. */
export function dailyKline(bar: DailyBar): Kline {
  const { date, open, high, low, close, pre_close, change, pct_change, volume, amount } = bar;
  return { time: date, open, high, low, close, pre_close, change, pct_change, volume, amount };
}

/**
 * Weekly, monthly, quarterly or yearly klines from daily bars (oldest first): open of the first day, close
 * of the last, highest high, lowest low, summed volume and amount; `time` is the period's last trading day
 * and pre_close the close before the period. Periods still running on `asOf` (the latest trading day) are
 * left out until their last open day on the calendar has passed.
 */
export function periodKlines(
  barsOldestFirst: readonly DailyBar[],
  interval: PeriodInterval,
  asOf: string,
  openDaysAscending: readonly string[],
): Kline[] {
  const groups = new Map<string, DailyBar[]>();
  for (const bar of barsOldestFirst) {
    const key = periodStart(bar.date, interval);
    const group = groups.get(key);
    if (group) group.push(bar);
    else groups.set(key, [bar]);
  }
  const klines: Kline[] = [];
  let previousClose: number | null = null;
  for (const [start, bars] of groups) {
    const first = bars[0]!;
    const last = bars[bars.length - 1]!;
    // Sources without pre_close (some index files) fall back on the close of the period before.
    const preClose = first.pre_close ?? previousClose;
    previousClose = last.close;
    if (!isPeriodClosed(start, interval, asOf, openDaysAscending)) continue;
    const change = last.close !== null && preClose !== null ? last.close - preClose : null;
    klines.push({
      time: last.date,
      open: first.open,
      high: max(bars.map((bar) => bar.high)),
      low: min(bars.map((bar) => bar.low)),
      close: last.close,
      pre_close: preClose,
      change: change === null ? null : roundTo(change, 4),
      pct_change: change === null || !preClose ? null : roundTo((change / preClose) * 100, 4),
      volume: rounded(sum(bars.map((bar) => bar.volume))),
      amount: rounded(sum(bars.map((bar) => bar.amount))),
    });
  }
  return klines;
}

/** A stored one-minute bar (Beijing time of the bar's end, volume in shares). */
export interface MinuteBar {
  trade_time: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  vol: number | null;
  amount: number | null;
}

const SESSIONS = [
  { open: 9 * 60 + 30, close: 11 * 60 + 30 },
  { open: 13 * 60, close: 15 * 60 },
];

/**
 * The end time of the `size`-minute bar that a one-minute bar ending at `tradeTime` belongs to, counted from
 * the start of its session (09:30 or 13:00); null outside the normal sessions.
 */
export function bucketEnd(tradeTime: string, size: number): string | null {
  const minute = Number(tradeTime.slice(11, 13)) * 60 + Number(tradeTime.slice(14, 16));
  if (tradeTime.slice(17, 19) !== '00') return null;
  const session = SESSIONS.find((s) => minute >= s.open && minute <= s.close);
  if (!session) return null;
  const end = session.open + Math.max(1, Math.ceil((minute - session.open) / size)) * size;
  return `${tradeTime.slice(0, 10)} ${clockOf(Math.min(end, session.close))}`;
}

/**
 * `size`-minute klines from one-minute bars (oldest first), each price multiplied by `ratioOfDay(date)`
 * (1 for unadjusted) and given at the security's tick (`decimals`: 2 for shares, 3 for funds and bonds); bars
 * outside 09:30-11:30 and 13:00-15:00 are dropped; volume in lots.
 */
export function minuteKlines(
  barsOldestFirst: readonly MinuteBar[],
  size: number,
  ratioOfDay: (date: string) => number,
  decimals = 2,
): Kline[] {
  const groups = new Map<string, MinuteBar[]>();
  for (const bar of barsOldestFirst) {
    const key = bucketEnd(bar.trade_time, size);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(bar);
    else groups.set(key, [bar]);
  }
  return [...groups].map(([time, bars]) => {
    const ratio = ratioOfDay(time.slice(0, 10));
    const price = (value: number | null) => (value === null ? null : roundTo(value * ratio, decimals));
    const volume = sum(bars.map((bar) => bar.vol));
    return {
      time,
      open: price(bars[0]!.open),
      high: price(max(bars.map((bar) => bar.high))),
      low: price(min(bars.map((bar) => bar.low))),
      close: price(bars[bars.length - 1]!.close),
      volume: volume === null ? null : roundTo(volume / 100, 2),
      amount: rounded(sum(bars.map((bar) => bar.amount))),
    };
  });
}
