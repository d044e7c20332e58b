import type { components } from '../../../generated/api';
import { roundMoney } from '../../domain/numbers';
import { SESSION_CLOSE } from '../../domain/marketTime';
import type { BookLevel } from '../../domain/quotes';
import type { QuoteSource } from './quote.service';

type WireQuote = components['schemas']['Quote'];

const levels = (book: readonly BookLevel[]) => book.map(([price, volume]) => ({ price, volume }));
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** change and pct_change of a last price against the previous close (2 decimals), null without either. */
function changes(last: number | null, preClose: number | null): Pick<WireQuote, 'change' | 'pct_change'> {
  if (last === null || preClose === null) return { change: null, pct_change: null };
  return { change: roundMoney(last - preClose), pct_change: roundMoney(((last - preClose) / preClose) * 100) };
}

/** A quote as the contract writes it: a live snapshot as stored, or a daily bar at its close (lots → shares). */
export function toQuote(quote: QuoteSource): WireQuote {
  const { ts_code: symbol, name } = quote.security;
  if (quote.basis === 'live') {
    const row = quote.live;
    const book = JSON.parse(row.book) as { bids: BookLevel[]; asks: BookLevel[] };
    const [last, preClose] = [num(row.last), num(row.pre_close)];
    return {
      symbol, name: row.name ?? name, basis: 'live', time: row.quote_time, last, open: num(row.open), high: num(row.high), low: num(row.low),
      pre_close: preClose, ...changes(last, preClose), volume: Number(row.volume), amount: Number(row.amount), bids: levels(book.bids),
      asks: levels(book.asks), limit_up: num(row.limit_up), limit_down: num(row.limit_down), suspended: Boolean(Number(row.suspended)),
    };
  }
  const bar = quote.close;
  const [last, preClose] = [num(bar.close), num(bar.pre_close)];
  return {
    symbol, name, basis: 'close', time: `${String(bar.trade_date).slice(0, 10)} ${SESSION_CLOSE}`, last, open: num(bar.open), high: num(bar.high),
    low: num(bar.low), pre_close: preClose, ...changes(last, preClose), volume: Number(bar.vol ?? 0) * 100, amount: Number(bar.amount ?? 0),
    bids: [], asks: [], limit_up: null, limit_down: null, suspended: false,
  };
}
