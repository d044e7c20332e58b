import { limitPrices, limitRatio } from '../domain/quality/priceLimits';
import { boardOf } from '../domain/reference/symbols';
import { compactToIsoDate } from '../domain/time/dates';
import type { Random } from './random';

/** A price or amount to the fen. */
export const fixed2 = (value: number) => Math.round(value * 100) / 100;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Tushare `daily` columns, as the generators write them. */
export const DAILY_COLUMNS = [
  'ts_code',
  'trade_date',
  'open',
  'high',
  'low',
  'close',
  'pre_close',
  'change',
  'pct_chg',
  'vol',
  'amount',
];

/** One generated day in Tushare `daily` units: vol in lots, amount in thousand yuan. */
export interface GeneratedBar {
  open: number;
  high: number;
  low: number;
  close: number;
  preClose: number;
  change: number;
  pctChg: number;
  vol: number;
  amount: number;
}

/**
 * The price limit of a stock on a day (`YYYYMMDD`), by the exchanges' rules the audit applies (its board and the
 * day: ChiNext ±10 % before its 2020 reform), so that the audit of a generated store finds nothing.
 */
export function limitBand(tsCode: string, day: string): number {
  return limitRatio({ board: boardOf(tsCode), date: compactToIsoDate(day)!, st: false, session: null }) ?? 0.1;
}

/**
 * One day of a seeded random walk: close drifts 0.03% a day with a 2% standard deviation, open, high and
 * low around it, every price inside the limit band around `preClose`.
 */
export function randomDailyBar(preClose: number, limit: number, random: Random): GeneratedBar {
  const { up, down } = limitPrices(preClose, limit);
  const clamp = (price: number) => Math.min(up, Math.max(down, fixed2(price)));
  const close = clamp(preClose * (1 + 0.0003 + 0.02 * random.normal()));
  const open = clamp(preClose * (1 + 0.008 * random.normal()));
  const high = clamp(Math.max(open, close) * (1 + Math.abs(0.006 * random.normal())));
  const low = clamp(Math.min(open, close) * (1 - Math.abs(0.006 * random.normal())));
  const vol = fixed2(Math.exp(random.between(9, 13)));
  const amount = round4((vol * 100 * (open + close)) / 2 / 1000);
  const change = fixed2(close - preClose);
  return { open, high, low, close, preClose, change, pctChg: round4((change / preClose) * 100), vol, amount };
}

/** A generated bar made to close at `close` instead (a limit-up day, a day giving it back): its range widened to hold it. */
export function withClose(bar: GeneratedBar, close: number): GeneratedBar {
  const change = fixed2(close - bar.preClose);
  return {
    ...bar,
    close,
    high: Math.max(bar.high, close),
    low: Math.min(bar.low, close),
    change,
    pctChg: round4((change / bar.preClose) * 100),
  };
}

/** The `daily.csv` line of a generated bar (compact `YYYYMMDD` day). */
export function dailyCsvRow(tsCode: string, day: string, bar: GeneratedBar): (string | number)[] {
  return [
    tsCode,
    day,
    bar.open,
    bar.high,
    bar.low,
    bar.close,
    bar.preClose,
    bar.change,
    bar.pctChg,
    bar.vol,
    bar.amount,
  ];
}
