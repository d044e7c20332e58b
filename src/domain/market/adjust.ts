import type { components } from '../../../generated/api';

/** Price adjustment for dividends and splits (ARCHITECTURE.md §4): forward = P × AF(t) / AF(anchor), backward = P × AF(t). */

/** An unadjusted daily bar as stored, with the factor of its day (null when none is loaded). */
export interface RawDailyBar {
  trade_date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  pre_close: number | null;
  change: number | null;
  pct_chg: number | null;
  vol: number | null;
  amount: number | null;
  turnover: number | null;
  adj_factor: number | null;
  /** The day's state (day_states), read with the bar when asked: its limit prices are adjusted as its prices are. */
  state?: BarState;
}

/** A bar's day state as the wire names it (src/domain/quality/dayStates.ts). */
export type BarState = Required<Pick<WireDailyBar, StateField>>;
/** The day-state fields of a bar, opt-in on the wire. */
export const STATE_FIELDS = [
  'risk_warning',
  'limit_up',
  'limit_down',
  'limit_source',
  'limit_move',
  'limit_streak',
  'listing_session',
] as const;
type StateField = (typeof STATE_FIELDS)[number];

/** A price times an adjustment's `ratio`, at the tick (`decimals`); as it is when the ratio is 1 (unadjusted). */
export const scaledPrice = (price: number | null, ratio: number, decimals: number): number | null =>
  price === null || ratio === 1 ? price : roundTo(price * ratio, decimals);

/** A bar's state on the wire, its limit prices times `ratio` at the tick; nothing when it was not read. */
const stateOut = (state: BarState | undefined, ratio = 1, decimals = 2) =>
  state === undefined
    ? {}
    : ratio === 1
      ? state
      : {
          ...state,
          limit_up: scaledPrice(state.limit_up, ratio, decimals),
          limit_down: scaledPrice(state.limit_down, ratio, decimals),
        };

/** What forward adjustment reads of the bar before a window: its close and its factor. */
export type PreviousBar = Pick<RawDailyBar, 'close' | 'adj_factor'>;

/**
 * A daily bar on the wire before `fields` selection: every field of the contract's DailyBar, `adj_factor` only
 * when unadjusted, `final` and `as_of` only on a running bar.
 */
export type DailyBar = Required<Omit<WireDailyBar, OptionalBarField>> & Pick<WireDailyBar, OptionalBarField>;
type OptionalBarField = 'adj_factor' | 'final' | 'as_of' | StateField;
type WireDailyBar = components['schemas']['DailyBar'];

export function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * scale) / scale;
}

// Exact internally, rounded once on the way out (rounding twice, 4 then 2 decimals, can be off by a cent).
const times = (price: number | null, ratio: number) => (price === null ? null : price * ratio);
const outAt = (decimals: number) => (price: number | null) => (price === null ? null : roundTo(price, decimals));

/**
 * The decimals of a security's quoted prices: the tick is 0.001 yuan for funds and bonds, 0.01 yuan for shares
 * (SSE Trading Rules 3.3.4, SZSE Trading Rules 3.3.4). Adjusted prices are given at the tick of the security.
 */
export const priceDecimalsOf = (kind: string): number => (kind === 'etf' || kind === 'convertible' ? 3 : 2);

/**
 * Units in a lot of Tushare's `vol`: 100 shares or fund units, 10 bonds of a convertible (cb_daily's 手: its
 * example of 2019-07-19 has 110030.SH trade 3,576 lots for 3,741,486 yuan at about 104.7 yuan a bond).
 */
export const unitsPerLotOf = (kind: string): number => (kind === 'convertible' ? 10 : 100);

/** Volume in lots is an integer on the wire (odd-lot fractions are rounded). */
export const lots = (vol: number | null) => (vol === null ? null : Math.round(vol));

/**
 * Missing factors (a gap in the source) take the factor of the nearest older bar, or of the nearest newer
 * one for the oldest bars; all null when the security has none (indices).
 */
export function fillFactors(factorsOldestFirst: readonly (number | null)[]): (number | null)[] {
  const filled: (number | null)[] = [];
  let last: number | null = null;
  for (const factor of factorsOldestFirst) {
    last = factor ?? last;
    filled.push(last);
  }
  const firstKnown = filled.find((factor) => factor !== null) ?? null;
  return filled.map((factor) => factor ?? firstKnown);
}

/** Unadjusted bars on the wire, each with its factor. */
export function unadjustedBars(barsNewestFirst: readonly RawDailyBar[]): DailyBar[] {
  return barsNewestFirst.map((bar) => ({
    date: bar.trade_date,
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    pre_close: bar.pre_close,
    change: bar.change,
    pct_change: bar.pct_chg,
    volume: lots(bar.vol),
    amount: bar.amount,
    turnover: bar.turnover,
    adj_factor: bar.adj_factor,
    ...stateOut(bar.state),
  }));
}

/**
 * Forward-adjusted bars. `previous` is the security's bar just before the oldest one (null when there is
 * none): each pre_close is the adjusted close of the bar before, so change and pct_change stay continuous
 * across ex-dates. Prices are given at the security's tick (`decimals`: 2 for shares, 3 for funds), and change and pct_change are derived from those
 * displayed prices (change = close − pre_close exactly, pct_change = (close / pre_close − 1) × 100 at 4
 * decimals), so a row recomputed by its reader gives its own figures: derived from the unrounded prices
 * instead, 126 of the 968 demo bars of 2024 were a fen off and 38 more than 0.05 points off. Without an
 * anchor factor (indices, securities without factors) the bars are returned unadjusted, without `adj_factor`.
 */
export function forwardAdjustedBars(
  barsNewestFirst: readonly RawDailyBar[],
  previous: PreviousBar | null,
  anchorFactor: number | null,
  decimals = 2,
): DailyBar[] {
  if (anchorFactor === null) return unadjustedBars(barsNewestFirst).map(withoutFactor);
  const out = outAt(decimals);
  const oldestFirst = [...barsNewestFirst].reverse();
  const factors = fillFactors([
    ...(previous ? [previous.adj_factor] : []),
    ...oldestFirst.map((bar) => bar.adj_factor),
  ]);
  const ratioAt = (index: number) => ratioOf(factors[index] ?? null, anchorFactor);
  const first = previous ? 1 : 0;
  let previousClose: number | null = previous ? out(times(previous.close, ratioAt(0))) : null;
  const result = oldestFirst.map((bar, index): DailyBar => {
    const adjusted = adjustedBar(bar, ratioAt(first + index), previousClose, decimals);
    previousClose = adjusted.close;
    return adjusted;
  });
  return result.reverse();
}

/**
 * One day's bar forward-adjusted, as forwardAdjustedBars gives it of that one bar (its factor filled from the
 * bar before when missing, and the other way round) without the arrays it makes: the whole market of a day
 * is 5,000 such bars.
 */
export function forwardAdjustedBar(
  bar: RawDailyBar,
  previous: PreviousBar | null,
  anchorFactor: number | null,
  decimals = 2,
): DailyBar {
  if (anchorFactor === null) return withoutFactor(unadjustedBars([bar])[0]!);
  const barFactor = bar.adj_factor ?? previous?.adj_factor ?? null;
  const previousClose = previous
    ? outAt(decimals)(times(previous.close, ratioOf(previous.adj_factor ?? barFactor, anchorFactor)))
    : null;
  return adjustedBar(bar, barRatio(bar, previous, anchorFactor), previousClose, decimals);
}

/** The ratio forwardAdjustedBar adjusts one bar's prices by: 1 without an anchor (unadjusted). */
export const barRatio = (bar: RawDailyBar, previous: PreviousBar | null, anchorFactor: number | null): number =>
  anchorFactor === null ? 1 : ratioOf(bar.adj_factor ?? previous?.adj_factor ?? null, anchorFactor);

/** A factor's ratio to the anchor's; a security without factors is not adjusted. */
const ratioOf = (factor: number | null, anchorFactor: number) => (factor ?? anchorFactor) / anchorFactor;

/** An unadjusted bar without its factor (no anchor: indices, securities without factors). */
const withoutFactor = ({ adj_factor: _omit, ...bar }: DailyBar): DailyBar => bar;

/** A bar's prices times `ratio`; its pre_close the adjusted close of the bar before when there is one. */
function adjustedBar(bar: RawDailyBar, ratio: number, previousClose: number | null, decimals: number): DailyBar {
  const out = outAt(decimals);
  const close = out(times(bar.close, ratio));
  const preClose = previousClose ?? out(times(bar.pre_close, ratio));
  const change = close !== null && preClose !== null ? roundTo(close - preClose, decimals) : null;
  return {
    date: bar.trade_date,
    open: out(times(bar.open, ratio)),
    high: out(times(bar.high, ratio)),
    low: out(times(bar.low, ratio)),
    close,
    pre_close: preClose,
    change,
    pct_change: change === null || !preClose ? null : roundTo((close! / preClose - 1) * 100, 4),
    volume: lots(bar.vol),
    amount: bar.amount,
    turnover: bar.turnover,
    ...stateOut(bar.state, ratio, decimals),
  };
}

/** Backward-adjusted price (documented for callers of adjustment-factor): P × AF(t). */
export function backwardPrice(price: number, factor: number): number {
  return roundTo(price * factor, 4);
}

/** Forward-adjusted price: P × AF(t) / AF(anchor). */
export function forwardPrice(price: number, factor: number, anchorFactor: number): number {
  return roundTo((price * factor) / anchorFactor, 4);
}
