import type { components } from '../../../generated/api';
import { roundMoney } from '../../domain/api/numbers';
import { priceDecimalsOf, roundTo } from '../../domain/market/adjust';
import { kindByCode } from '../../domain/reference/securityDirectory';
import { SESSION_CLOSE } from '../../domain/time/marketTime';
import type { BookLevel, Snapshot } from '../../domain/market/quotes';
import type { QuoteSource } from './market.types';

type WireQuote = components['schemas']['Quote'];

/** Shares (the sources' and the store's snapshots) → lots, the unit of every volume the API answers. */
const lotsOf = (shares: number) => shares / 100;

const levels = (book: readonly BookLevel[]) => book.map(([price, volume]) => ({ price, volume: lotsOf(volume) }));

/**
 * change and pct_change of a last price against the previous close, null without either: the change at the
 * security's tick (0.001 for an ETF or a convertible, by its code's range), the percent at 2 decimals.
 */
function changes(code: string, last: number | null, preClose: number | null): Pick<WireQuote, 'change' | 'pct_change'> {
  if (last === null || preClose === null) return { change: null, pct_change: null };
  return {
    change: roundTo(last - preClose, priceDecimalsOf(kindByCode(code))),
    pct_change: roundMoney(((last - preClose) / preClose) * 100),
  };
}

/** A live snapshot as the contract's quote (the route's and the stream's). */
export function toLiveQuote(snapshot: Snapshot, name: string | null): WireQuote {
  const { last, pre_close: preClose } = snapshot;
  return {
    symbol: snapshot.ts_code,
    name: snapshot.name || name,
    basis: 'live',
    time: snapshot.time,
    last,
    open: snapshot.open,
    high: snapshot.high,
    low: snapshot.low,
    pre_close: preClose,
    ...changes(snapshot.ts_code, last, preClose),
    volume: lotsOf(snapshot.volume),
    amount: snapshot.amount,
    bids: levels(snapshot.bids),
    asks: levels(snapshot.asks),
    limit_up: snapshot.limit_up,
    limit_down: snapshot.limit_down,
    suspended: snapshot.suspended,
  };
}

/** A quote as the contract writes it: a live snapshot, or a daily bar at its close. */
export function toQuote(quote: QuoteSource): WireQuote {
  const { ts_code: symbol, name } = quote.security;
  if (quote.basis === 'live') return toLiveQuote(quote.live, name);
  const bar = quote.close;
  return {
    symbol,
    name,
    basis: 'close',
    time: `${bar.trade_date} ${SESSION_CLOSE}`,
    last: bar.close,
    open: bar.open,
    high: bar.high,
    low: bar.low,
    pre_close: bar.pre_close,
    ...changes(symbol, bar.close, bar.pre_close),
    volume: bar.vol ?? 0,
    amount: bar.amount ?? 0,
    bids: [],
    asks: [],
    limit_up: null,
    limit_down: null,
    suspended: false,
  };
}
