import { compactToIsoDate, isIsoDate } from '../time/dates';

/**
 * Tushare's units against the store's, in one place: a stored value is Tushare's × 10^power. The import
 * multiplies (src/loaders), the Tushare-compatible endpoint divides (src/modules/tushare). Columns not
 * named here (or in a table's registry: src/domain/market/dailyBarColumns.ts, dailyBasicColumns.ts) are stored in Tushare's units (daily `vol` in lots, minute `vol` in shares and `amount` in yuan,
 * statements in yuan).
 */
export const TUSHARE_POWERS = {
  /** `stock_company`: registered capital in 10,000 yuan. */
  stock_company: { reg_capital: 4 },
} as const satisfies Record<string, Record<string, number>>;

/**
 * A stored value back in Tushare's units: ÷ 10^power, through the decimal text so 0.7 ÷ 10 is 0.07 exactly
 * (the division gives 0.06999999999999999). The text's own exponent, which String() writes below 1e-6 and from
 * 1e21, is shifted, not appended to.
 */
export function toTushareUnits(value: number | null, power: number): number | null {
  if (value === null || power === 0) return value;
  // A whole number (an amount in yuan, mostly) divided by an exact power of ten is already the double nearest
  // the exact quotient, which is what the text gives too, without making and parsing a string.
  if (Number.isSafeInteger(value) && power > 0 && power <= 22) return value / 10 ** power;
  const [digits, exponent = '0'] = String(value).split('e');
  return Number(`${digits}e${Number(exponent) - power}`);
}

/** `YYYY-MM-DD` → Tushare's `YYYYMMDD`; null stays null. */
export const toTushareDate = (date: string | null): string | null =>
  date === null ? null : date.slice(0, 10).replace(/-/g, '');

/** Tushare's `YYYYMMDD` (or `YYYY-MM-DD`) → `YYYY-MM-DD`; null when it names no real day. */
export function fromTushareDate(value: string): string | null {
  const text = value.trim();
  return isIsoDate(text) ? text : compactToIsoDate(text);
}
