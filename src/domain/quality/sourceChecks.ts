import { finding, type Finding } from './findings';

/** A day's figures as one source gave them: prices in yuan, volume in shares, amount in yuan. */
export interface SourceDay {
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  shares: number | null;
  amount: number | null;
}

/** Prices are quoted to the cent: half a cent apart is the same price. */
const PRICE = 0.005;
/** Volume and amount: feeds round lots and sum trades their own way, a thousandth apart is the same. */
const RELATIVE = 0.001;

/**
 * `source_mismatch`: the stored bar against another source's figures of the same security and day (the live
 * feed's final snapshot of the session, at or after 15:00), each field past the sources' rounding; one finding
 * per source and day (the item), its fields that differ with both values.
 */
export function sourceMismatch(
  symbol: string,
  date: string,
  source: string,
  stored: SourceDay,
  other: SourceDay,
): Finding[] {
  const detail: Record<string, number> = {};
  for (const field of ['open', 'high', 'low', 'close', 'shares', 'amount'] as const) {
    const [mine, theirs] = [stored[field], other[field]];
    if (mine === null || theirs === null) continue;
    const apart =
      field === 'shares' || field === 'amount'
        ? Math.abs(mine - theirs) > RELATIVE * Math.max(Math.abs(mine), 1)
        : Math.abs(mine - theirs) >= PRICE;
    if (apart) Object.assign(detail, { [`stored_${field}`]: mine, [`${source}_${field}`]: theirs });
  }
  return Object.keys(detail).length === 0 ? [] : [finding('source_mismatch', symbol, date, detail, source)];
}

/** One field of a stored day another source gives otherwise (`sync baostock --check`'s differences). */
export interface FieldDifference {
  ts_code: string;
  trade_date: string;
  field: string;
  stored: number;
  other: number;
}

/** `source_mismatch` findings of a source's field differences: one per security and day, its fields side by side. */
export function differenceFindings(source: string, differences: readonly FieldDifference[]): Finding[] {
  const byDay = new Map<string, Record<string, number>>();
  for (const { ts_code, trade_date, field, stored, other } of differences) {
    const key = `${ts_code} ${trade_date}`;
    const name = field.replace(/ /g, '_');
    byDay.set(key, { ...byDay.get(key), [`stored_${name}`]: stored, [`${source}_${name}`]: other });
  }
  return [...byDay].map(([key, detail]) => {
    const [symbol, date] = key.split(' ') as [string, string];
    return finding('source_mismatch', symbol, date, detail, source);
  });
}
