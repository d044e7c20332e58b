import { compactToIsoDate } from '../../domain/time/dates';
import type { TushareRecord } from './layout';

/** A Tushare date of our own conversion back to ISO (always a real day). */
const isoOf = (compact: string) => compactToIsoDate(compact)!;

/**
 * `sync baostock --check`: where the store already holds a security's rows of the same days (from Tushare, say),
 * they are compared with Baostock's instead of being overwritten. Pure: the rows in, the differences out.
 */

/** A stored day of a security: its close and volume (lots), and its factor when stored. */
export interface StoredDay {
  trade_date: string;
  close: number | null;
  vol: number | null;
  adj_factor: number | null;
}

export interface Difference {
  ts_code: string;
  trade_date: string;
  field: 'close' | 'vol' | 'factor step';
  stored: number;
  baostock: number;
}

/** Closes differ past half a cent; volumes past a thousandth (rounding of lots); factor steps past 1e-4. */
const CLOSE_TOLERANCE = 0.005;
const VOLUME_TOLERANCE = 0.001;
const STEP_TOLERANCE = 1e-4;

/**
 * Baostock's bars and factors of the days the store holds, against the stored ones. Factors are compared by
 * their steps from one stored day to the next (the two sources count their cumulative factors from different
 * bases, so only the ratios mean the same).
 */
export function differences(
  tsCode: string,
  stored: StoredDay[],
  bars: TushareRecord[],
  factors: TushareRecord[],
): Difference[] {
  const found: Difference[] = [];
  const barOf = new Map(bars.map((bar) => [isoOf(bar.trade_date!), bar]));
  const factorOf = new Map(factors.map((factor) => [isoOf(factor.trade_date!), Number(factor.adj_factor)]));
  const days = [...stored].sort((a, b) => a.trade_date.localeCompare(b.trade_date));
  for (const [i, day] of days.entries()) {
    const bar = barOf.get(day.trade_date);
    const differ = (
      field: Difference['field'],
      mine: number | null,
      theirs: number,
      tolerance: number,
      relative: boolean,
    ) => {
      if (mine === null || Number.isNaN(theirs)) return;
      const gap = Math.abs(mine - theirs) / (relative ? Math.max(Math.abs(mine), 1) : 1);
      if (gap > tolerance)
        found.push({ ts_code: tsCode, trade_date: day.trade_date, field, stored: mine, baostock: theirs });
    };
    if (bar !== undefined) {
      differ('close', day.close, Number(bar.close), CLOSE_TOLERANCE, false);
      differ('vol', day.vol, Number(bar.vol), VOLUME_TOLERANCE, true);
    }
    const before = days[i - 1];
    const [theirs, theirsBefore] = [factorOf.get(day.trade_date), before && factorOf.get(before.trade_date)];
    if (before?.adj_factor && day.adj_factor !== null && theirs !== undefined && theirsBefore) {
      differ('factor step', day.adj_factor / before.adj_factor, theirs / theirsBefore, STEP_TOLERANCE, false);
    }
  }
  return found;
}

/** The differences as a table for the terminal, at most `limit` rows, with how many were left out. */
export function differenceTable(found: Difference[], limit = 50): string {
  if (found.length === 0) return 'check: no difference on the days both hold';
  const lines = found
    .slice(0, limit)
    .map((one) =>
      [
        one.ts_code,
        one.trade_date,
        one.field.padEnd(11),
        String(one.stored).padStart(14),
        String(one.baostock).padStart(14),
      ].join('  '),
    );
  const more = found.length > limit ? [`… ${found.length - limit} more`] : [];
  return [
    `check: ${found.length} differences (stored vs Baostock; the stored rows were kept)`,
    'ts_code    trade_date  field               stored        baostock',
    ...lines,
    ...more,
  ].join('\n');
}
