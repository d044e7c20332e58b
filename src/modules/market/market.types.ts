import type { Snapshot } from '../../domain/market/quotes';
import type { BarState, DailyBar, RawDailyBar } from '../../domain/market/adjust';
import type { Interval, Kline } from '../../domain/market/klines';
import type { Ladder, LadderEntry } from '../../domain/quality/limitLadder';

/**
 * The rows of `market`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface SecurityAnchor {
  ts_code: string;
  name: string;
  kind: string;
  /** The security's latest visible trading day. */
  anchor_date: string | null;
  /** Its factor on that day (the latest factor on or before it). */
  anchor_factor: number | null;
  /** The old code the request named, when it named one (the security is the one that code became). */
  requested_symbol?: string;
}

export interface CalendarRow {
  cal_date: string;
  is_open: number | boolean;
  pretrade_date: string | null;
}

export interface FactorRow {
  trade_date: string;
  adj_factor: number;
}

export interface TradeRow {
  trade_time: string;
  seq: number;
  price: number;
  volume: number;
  amount: number;
  side: string | null;
}

export interface DailySeries {
  security: SecurityAnchor;
  /** Null for unadjusted series and securities without factors (indices). */
  anchorDate: string | null;
  bars: DailyBar[];
}

export interface KlineSeries {
  security: SecurityAnchor;
  interval: Interval;
  anchorDate: string | null;
  klines: Kline[];
}

export interface IntradaySession {
  tradeDate: string;
  /** Time of the newest bar: during a session the latest minute, outside it the close of the last session. */
  asOf: string;
  bars: Kline[];
}

/** One day's valuation of a security as read: its code, its day, then VALUATION_FIELDS' figures in that order. */
export type ValuationRow = readonly [ts_code: string, trade_date: string, ...figures: (number | null)[]];

/** One security's bar (with its factor) and valuation (in VALUATION_FIELDS' order) on the day of a cross-section, as stored. */
export type CrossSectionRow = RawDailyBar & {
  /** The code the row is stored under. */
  ts_code: string;
  /** The code the security answers under (its current code when `ts_code` is a former one). */
  symbol: string;
  name: string | null;
  /** Whether the reference list holds the security (one it lacks has no anchor: it is served unadjusted). */
  listed: boolean;
  /** Suspended all day (a row without a bar); null when the day's state was not asked. */
  suspended: boolean | null;
  /** A field of its day state (unadjusted prices); null when not asked or none is stored. */
  stateField<F extends keyof BarState>(field: F): BarState[F];
  /** The figure of VALUATION_FIELDS[field] (null when the day has none). */
  valuationAt(field: number): number | null;
};

/** A cross-section's row as served: the bar adjusted or not, and the anchor of an adjusted one. */
export interface CrossSectionEntry {
  row: CrossSectionRow;
  bar: DailyBar;
  anchorDate: string | null;
  /** What its prices were adjusted by (1: unadjusted), and to how many decimals: its limit prices are too. */
  ratio: number;
  decimals: number;
}

export interface CrossSection {
  date: string;
  /** The rows as served, made a slice at a time as the answer is written (a day's adjusted bars never all live at once). */
  entries: { readonly length: number; slice(start: number, end: number): CrossSectionEntry[] };
}

/** A day's limit-up ladder, each entry the cross-section's row of the stock. */
export type LimitLadder = { date: string } & Ladder<LadderEntry & { entry: CrossSectionEntry }>;

export interface ValuationSeries {
  security: SecurityAnchor;
  rows: ValuationRow[];
}

/** A security's latest daily bar, unadjusted (volume in lots): the quote's stand-in where no live quote is visible. */
export type CloseRow = { ts_code: string } & Omit<RawDailyBar, 'adj_factor'>;

/** A security's latest quote: a live one, or its latest daily bar where no live quote is visible. */
export type QuoteSource = { security: SecurityAnchor } & (
  { basis: 'live'; live: Snapshot } | { basis: 'close'; close: CloseRow }
);
