import { roundTo } from './adjust';

/** A convertible's conversion-price change, effective from `date` (Tushare `cb_price_chg`'s change_date). */
export interface ConversionPriceChange {
  date: string;
  before: number | null;
  after: number;
}

/**
 * The conversion price in force on `date`, point in time: the price after the latest change effective on or
 * before it; before the first change, the price that change replaced (else the first conversion price).
 */
export function conversionPriceOn(
  date: string,
  firstPrice: number | null,
  changesOldestFirst: readonly ConversionPriceChange[],
): number | null {
  const inForce = changesOldestFirst.filter((change) => change.date <= date).at(-1);
  if (inForce !== undefined) return inForce.after;
  return changesOldestFirst[0]?.before ?? firstPrice;
}

/**
 * What a bond of 100 yuan face value converts into at the underlying's close: 100 ÷ conversion price shares,
 * each worth the close (yuan, at 4 decimals). Null without a close or a positive conversion price.
 */
export function conversionValue(underlyingClose: number | null, conversionPrice: number | null): number | null {
  if (underlyingClose === null || conversionPrice === null || conversionPrice <= 0) return null;
  return roundTo((underlyingClose * 100) / conversionPrice, 4);
}

/**
 * A price's premium over a value it is measured against, in percent at 4 decimals: a convertible's close over its
 * conversion value (the conversion premium), an ETF's close over its NAV per unit (the NAV premium; negative: a
 * discount). Null without both or with a value that is not positive.
 */
export function premiumPercent(price: number | null, value: number | null): number | null {
  if (price === null || value === null || value <= 0) return null;
  return roundTo((price / value - 1) * 100, 4);
}
