import { priceDecimalsOf, unitsPerLotOf } from '../market/adjust';
import type { Board, SecurityKind } from '../reference/symbols';
import { exReferenceRange, type Distribution } from './distributions';
import { finding, type CheckName, type Finding } from './findings';
import { dailyLimit, isReitCode, isResumedListing, limitPrices, type LimitBand } from './priceLimits';

/**
 * A stored daily bar as the audit reads it: unadjusted prices in yuan (a convertible's per 100 yuan of face
 * value), volume in lots (`unitsPerLotOf`), amount in yuan.
 */
export interface AuditBar {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  pre_close: number | null;
  vol: number | null;
  amount: number | null;
}

/** A security's stored days in order, and what the rules need to know of it. */
export interface AuditSeries {
  symbol: string;
  kind: SecurityKind;
  board: Board | null;
  /** A fund tracking ChiNext or STAR stocks only (its band is ±20 %). */
  growthFund: boolean;
  bars: readonly AuditBar[];
  /** Sessions it was suspended. */
  halts: ReadonlySet<string>;
  /**
   * Its implemented distributions (cash or shares) by the session they act on (`distributionsBySession`): that
   * day's pre_close is the ex-reference price, not the previous close.
   */
  distributions: ReadonlyMap<string, Distribution>;
  /** Days its adjustment factor steps (a rights issue has one and no dividend row). */
  factorSteps: ReadonlySet<string>;
  /** Under risk warning on a day (its name then). */
  stOn(date: string): boolean;
  /** In its delisting-arrangement period on a day (its name then). */
  delistingOn(date: string): boolean;
  /** Its listing date, when known. */
  listDate: string | null;
  /** Its listing's session number on a day (1: the first day), null when its listing date is unknown. */
  sessionOf(date: string): number | null;
  /** Whether `date` is the session after `before` for it: every open day between them it was suspended. */
  follows(before: string, date: string): boolean;
  /** The open sessions strictly between two days. */
  sessionsBetween(before: string, date: string): number;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** A bar's limit prices by the exchanges' rules, and what they rest on. */
export interface BarLimit {
  band: LimitBand;
  /** The price the band is of: the previous close (the bar's pre_close) or an offer's. */
  reference: number;
  up: number;
  down: number;
}

/** The limit prices of the series' `i`-th bar (`dailyLimit`, `limitPrices`), or null when the day has none. */
export function limitOfBar(series: AuditSeries, i: number): BarLimit | null {
  const { date, pre_close: preClose } = series.bars[i]!;
  const previous = i > 0 ? series.bars[i - 1]! : null;
  const band = dailyLimit({
    kind: series.kind,
    board: series.board,
    growthFund: series.growthFund,
    reit: isReitCode(series.symbol),
    date,
    st: series.stOn(date),
    session: series.sessionOf(date),
    listDate: series.listDate,
    delistingFirstDay: series.delistingOn(date) && (previous === null || !series.delistingOn(previous.date)),
    resumedListing:
      previous !== null &&
      isResumedListing(series.stOn(previous.date) || series.delistingOn(previous.date), () =>
        series.sessionsBetween(previous.date, date),
      ),
  });
  const reference = band?.reference ?? preClose;
  if (band === null || reference === null || reference <= 0) return null;
  return { band, reference, ...limitPrices(reference, band.up, band.down, priceDecimalsOf(series.kind)) };
}

/** The limit prices of each of the series' bars (`limitOfBar`), in order. */
export const barLimits = (series: AuditSeries): (BarLimit | null)[] => series.bars.map((_, i) => limitOfBar(series, i));

/** The checks of one bar against its own figures and the day's limits, and against the bar before it. */
export function barFindings(
  series: AuditSeries,
  checks: ReadonlySet<CheckName>,
  limits: readonly (BarLimit | null)[] = barLimits(series),
): Finding[] {
  const found: Finding[] = [];
  const decimals = priceDecimalsOf(series.kind);
  const tick = 10 ** -decimals;
  const lot = unitsPerLotOf(series.kind);
  const add = (check: CheckName, date: string, detail: Finding['detail']) => {
    if (checks.has(check)) found.push(finding(check, series.symbol, date, detail));
  };
  series.bars.forEach((bar, i) => {
    const { date, open, high, low, close, pre_close: preClose, vol, amount } = bar;
    const previous = i > 0 ? series.bars[i - 1]! : null;
    const prices = [open, high, low, close];
    if (
      prices.some((price) => price === null || price <= 0) ||
      high! < Math.max(open!, close!, low!) ||
      low! > Math.min(open!, close!) ||
      (vol ?? 0) < 0
    )
      add('ohlc_inconsistent', date, { open, high, low, close, vol });
    else if (series.kind !== 'index') {
      if (vol !== null && vol > 0 && amount !== null && amount > 0) {
        // Amount ÷ the units traded is the day's average price.
        const vwap = amount / (vol * lot);
        if (vwap < low! - tick || vwap > high! + tick)
          add('vwap_outside_range', date, { vwap: round4(vwap), low, high, amount, vol, tick });
      }
      const limit = limits[i]!;
      if (limit !== null) {
        const { band, up, down, reference } = limit;
        if (high! > up + 1e-9 || low! < down - 1e-9)
          add(band.offer ? 'first_day_band' : 'limit_breach', date, {
            pre_close: preClose,
            ...(band.reference === null ? {} : { reference }),
            limit_ratio: band.up,
            ...(band.down === band.up ? {} : { limit_ratio_down: band.down }),
            limit_up: up,
            limit_down: down,
            high,
            low,
            close,
          });
      }
    }
    // Across a gap in the store the bar before is not the previous session's: the gap is its own finding. On an
    // ex-date the pre_close is the ex-reference price rounded to the tick (SSE 3.4.19, SZSE 4.4.2), within what
    // treasury shares allow (`exReferenceRange`); a factor step without a distribution (a rights issue, whose
    // terms the store does not hold) is not checked.
    const distribution = series.distributions.get(date);
    const expected =
      previous?.close == null
        ? null
        : distribution === undefined
          ? series.factorSteps.has(date)
            ? null
            : { low: previous.close, high: previous.close }
          : exReferenceRange(previous.close, distribution, decimals);
    if (
      expected !== null &&
      preClose !== null &&
      series.follows(previous!.date, date) &&
      // Prices are stored at the tick: two less than half a tick apart are the same price.
      (expected.low - preClose >= tick / 2 || preClose - expected.high >= tick / 2)
    )
      add('pre_close_mismatch', date, {
        pre_close: preClose,
        previous_close: previous!.close,
        previous_date: previous!.date,
        ...(distribution === undefined ? {} : { ex_reference: expected.low, ex_reference_max: expected.high }),
      });
    if (
      previous !== null &&
      (vol ?? 0) > 0 &&
      (['open', 'high', 'low', 'close', 'vol', 'amount'] as const).every((field) => previous[field] === bar[field])
    )
      add('stale_bar', date, { previous_date: previous.date, open, high, low, close, vol, amount });
    if ((vol ?? 0) === 0 && !series.halts.has(date)) add('zero_volume', date, { vol, amount });
  });
  return found;
}
