import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type { ConversionPriceChange } from '../../domain/market/instrumentValues';
import { storedDay } from '../../db/sql';

/** A conversion-price change with the day it was announced. */
export interface PublishedPriceChange extends ConversionPriceChange {
  published: string | null;
}

/** A call or redemption announcement (Tushare `cb_call`), amounts in yuan. */
export interface ConvertibleCall {
  ann_date: string;
  call_type: string | null;
  is_call: string;
  call_date: string | null;
  call_price: number | null;
  call_price_tax: number | null;
  call_vol: number | null;
  call_amount: number | null;
  payment_date: string | null;
  call_reg_date: string | null;
}

const DATE_COLUMNS = [
  'list_date',
  'delist_date',
  'maturity_date',
  'conv_start_date',
  'conv_end_date',
  'conv_stop_date',
] as const;
const NUMBER_COLUMNS = ['maturity', 'par', 'issue_size', 'remain_size', 'coupon_rate', 'first_conv_price'] as const;
const TEXT_COLUMNS = ['stk_code', 'put_clause', 'call_clause', 'reset_clause'] as const;

/** A convertible's `cb_basic` terms as its route reads them, with its name and its underlying's. */
export type ConvertibleTermsRow = { ts_code: string; name: string; stk_name: string | null } & Record<
  (typeof DATE_COLUMNS)[number] | (typeof TEXT_COLUMNS)[number],
  string | null
> &
  Record<(typeof NUMBER_COLUMNS)[number], number | null>;

/** A convertible's terms, or undefined when the store has no such bond. */
export async function convertibleTermsRow(db: Db, code: string): Promise<ConvertibleTermsRow | undefined> {
  const row = await db('convertibles as c')
    .join('securities as s', 's.ts_code', 'c.ts_code')
    .leftJoin('securities as u', 'u.ts_code', 'c.stk_code')
    .where('c.ts_code', code)
    .first(
      'c.ts_code',
      's.name',
      'u.name as stk_name',
      ...[...DATE_COLUMNS, ...NUMBER_COLUMNS, ...TEXT_COLUMNS].map((column) => `c.${column}`),
    );
  if (row === undefined) return undefined;
  for (const column of DATE_COLUMNS) row[column] = storedDay(row[column]);
  return row as ConvertibleTermsRow;
}

/**
 * The conversion-price changes that name a price in force, with it as `convertprice_aft`: a bond's initial-price
 * row sends no price after (Tushare cb_price_chg, doc 246), its initial price is in force from its date.
 */
export const withPriceInForce = (db: Db, query: Knex.QueryBuilder): Knex.QueryBuilder =>
  query
    .where((q) => q.whereNotNull('convertprice_aft').orWhereNotNull('convert_price_initial'))
    .select(db.raw('coalesce(convertprice_aft, convert_price_initial) as convertprice_aft'));

/** A convertible's conversion-price changes published by `asOf` (or, without a publication date, effective by then), oldest first. */
export async function publishedPriceChanges(db: Db, code: string, asOf: string): Promise<PublishedPriceChange[]> {
  const rows: Array<{
    change_date: unknown;
    publish_date: unknown;
    convertprice_bef: number | null;
    convertprice_aft: number;
  }> = await withPriceInForce(db, db('convertible_price_changes'))
    .where({ ts_code: code })
    .where((q) =>
      q.where('publish_date', '<=', asOf).orWhere((n) => n.whereNull('publish_date').where('change_date', '<=', asOf)),
    )
    .orderBy('change_date')
    .select('change_date', 'publish_date', 'convertprice_bef');
  return rows.map((row) => ({
    date: storedDay(row.change_date)!,
    published: storedDay(row.publish_date),
    before: row.convertprice_bef,
    after: row.convertprice_aft,
  }));
}

/** A convertible's call and redemption announcements made by `asOf`, newest first. */
export async function announcedCalls(db: Db, code: string, asOf: string): Promise<ConvertibleCall[]> {
  const rows = await db('convertible_calls')
    .where({ ts_code: code })
    .where('ann_date', '<=', asOf)
    .orderBy([
      { column: 'ann_date', order: 'desc' },
      { column: 'is_call', order: 'asc' },
    ])
    .select(
      'ann_date',
      'call_type',
      'is_call',
      'call_date',
      'call_price',
      'call_price_tax',
      'call_vol',
      'call_amount',
      'payment_date',
      'call_reg_date',
    );
  return rows.map((row: ConvertibleCall) => ({
    ...row,
    ann_date: storedDay(row.ann_date)!,
    call_date: storedDay(row.call_date),
    payment_date: storedDay(row.payment_date),
    call_reg_date: storedDay(row.call_reg_date),
  }));
}
