import type { Db } from '../../db/connection';
import type { ConversionPriceChange } from '../../domain/market/instrumentValues';
import { whereVisible } from '../common/visibleRows.repository';
import { withPriceInForce } from './convertibleTerms.repository';
import { storedDay } from '../../db/sql';
import { groupBy } from '../../domain/api/collections';

/** A convertible's bar of a day with its terms and its underlying stock's close that day. */
export interface ConvertibleDayRow {
  ts_code: string;
  name: string;
  stk_code: string | null;
  stk_name: string | null;
  close: number | null;
  pct_chg: number | null;
  vol: number | null;
  amount: number | null;
  stk_close: number | null;
  first_conv_price: number | null;
  remain_size: number | null;
  maturity_date: string | null;
}

/** Every convertible with a visible bar on `date`, by code: one range of the date-led index, joined to its terms. */
export async function convertibleDayRows(db: Db, date: string, cutoff: string | null): Promise<ConvertibleDayRow[]> {
  const rows = await whereVisible(
    db('daily_bars as b')
      .join('securities as s', 's.ts_code', 'b.ts_code')
      .join('convertibles as c', 'c.ts_code', 'b.ts_code')
      .leftJoin('daily_bars as u', (on) => on.on('u.ts_code', 'c.stk_code').andOn('u.trade_date', 'b.trade_date'))
      .leftJoin('securities as us', 'us.ts_code', 'c.stk_code')
      .where({ 'b.trade_date': date, 's.kind': 'convertible' }),
    'b.trade_date',
    cutoff,
  )
    .orderBy('b.ts_code')
    .select(
      'b.ts_code',
      's.name',
      'c.stk_code',
      'us.name as stk_name',
      'b.close',
      'b.pct_chg',
      'b.vol',
      'b.amount',
      'u.close as stk_close',
      'c.first_conv_price',
      'c.remain_size',
      'c.maturity_date',
    );
  return rows.map((row: ConvertibleDayRow) => ({ ...row, maturity_date: storedDay(row.maturity_date) }));
}

/**
 * Every conversion-price change of some convertibles, by code, oldest first: those effective after the day too,
 * since before the first change the store holds, the price in force is the one it replaced.
 */
export async function conversionPriceChanges(
  db: Db,
  codes: readonly string[],
): Promise<Map<string, ConversionPriceChange[]>> {
  if (codes.length === 0) return new Map();
  const rows: Array<{
    ts_code: string;
    change_date: unknown;
    convertprice_bef: number | null;
    convertprice_aft: number;
  }> = await withPriceInForce(db, db('convertible_price_changes'))
    .whereIn('ts_code', [...codes])
    .orderBy(['ts_code', 'change_date'])
    .select('ts_code', 'change_date', 'convertprice_bef');
  return groupBy(
    rows,
    (row) => row.ts_code,
    (row) => ({ date: storedDay(row.change_date)!, before: row.convertprice_bef, after: row.convertprice_aft }),
  );
}

/** An ETF's bar of a day with its units outstanding that day. */
export interface FundDayRow {
  ts_code: string;
  name: string;
  close: number | null;
  pct_chg: number | null;
  vol: number | null;
  amount: number | null;
  fd_share: number | null;
}

/** Every ETF with a visible bar on `date`, by code, with its units that day. */
export function fundDayRows(db: Db, date: string, cutoff: string | null): Promise<FundDayRow[]> {
  return whereVisible(
    db('daily_bars as b')
      .join('securities as s', 's.ts_code', 'b.ts_code')
      .leftJoin('fund_shares as f', (on) => on.on('f.ts_code', 'b.ts_code').andOn('f.trade_date', 'b.trade_date'))
      .where({ 'b.trade_date': date, 's.kind': 'etf' }),
    'b.trade_date',
    cutoff,
  )
    .orderBy('b.ts_code')
    .select('b.ts_code', 's.name', 'b.close', 'b.pct_chg', 'b.vol', 'b.amount', 'f.fd_share');
}

/** Each fund's NAV of `date` as the latest announcement on or before `asOf` states it (one range of the day-led index). */
export async function navsOfDay(
  db: Db,
  date: string,
  asOf: string,
): Promise<Map<string, { unit_nav: number | null; ann_date: string }>> {
  const rows: Array<{ ts_code: string; unit_nav: number | null; ann_date: unknown }> = await db('fund_navs')
    .where({ nav_date: date })
    .where('ann_date', '<=', asOf)
    .orderBy(['ts_code', 'ann_date'])
    .select('ts_code', 'unit_nav', 'ann_date');
  // Oldest announcement first: the latest one of each fund stays.
  return new Map(rows.map((row) => [row.ts_code, { unit_nav: row.unit_nav, ann_date: storedDay(row.ann_date)! }]));
}
