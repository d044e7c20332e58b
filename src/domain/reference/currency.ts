import { boardOf } from './symbols';

/** The currency a security's prices and amounts are quoted in. */
export type Currency = 'CNY' | 'USD' | 'HKD';

/**
 * B shares trade in foreign currency: the SSE's (900xxx) in US dollars, the SZSE's (200xxx) in Hong Kong dollars
 * (SSE Trading Rules and SZSE Trading Rules, the B-share chapters: "B 股以美元/港元计价"; since the B-share
 * markets opened in 1992); every other security here is quoted in yuan.
 */
export function currencyOf(tsCode: string): Currency {
  if (boardOf(tsCode) !== 'b_share') return 'CNY';
  return tsCode.endsWith('.SH') ? 'USD' : 'HKD';
}

/** `{ currency }` for a security not quoted in yuan, nothing otherwise: an answer names a currency only when it is not CNY. */
export const foreignCurrencyOf = (tsCode: string): { currency?: Exclude<Currency, 'CNY'> } => {
  const currency = currencyOf(tsCode);
  return currency === 'CNY' ? {} : { currency };
};
