import { DAILY_BARS } from './marketLayouts';
import { col, required, tableLayout } from './tableLayout';

/**
 * Tushare `fund_basic` (market `E`, the exchange-traded funds: ETFs and LOFs), one fund per row, in Tushare's
 * order and units (docs: tushare.pro/document/2?doc_id=19): issue_amount in hundred million units, fees and
 * expected return in percent, min_amount in ten thousand yuan. Each row also gives the fund its `securities`
 * row (kind `etf`).
 */
export const FUNDS = tableLayout({
  table: 'funds',
  key: ['ts_code'],
  columns: {
    ts_code: required(col.code()),
    name: required(col.text()),
    management: col.text(),
    custodian: col.text(),
    fund_type: col.text(),
    found_date: col.date(),
    due_date: col.date(),
    list_date: col.date(),
    issue_date: col.date(),
    delist_date: col.date(),
    issue_amount: col.number(),
    m_fee: col.number(),
    c_fee: col.number(),
    duration_year: col.number(),
    p_value: col.number(),
    min_amount: col.number(),
    exp_return: col.number(),
    benchmark: col.text(),
    status: col.text(),
    invest_type: col.text(),
    type: col.text(),
    trustee: col.text(),
    purc_startdate: col.date(),
    redm_startdate: col.date(),
    market: col.text(),
  },
});

/**
 * Tushare `cb_basic`, one convertible bond per row with its terms, in Tushare's order and units (docs:
 * tushare.pro/document/2?doc_id=185): maturity in years, par and prices per bond of 100 yuan face value,
 * issue and remaining size in yuan, rates in percent; `conv_price` is the latest conversion price (its
 * history is `cb_price_chg`). Each row also gives the bond its `securities` row (kind `convertible`).
 */
export const CONVERTIBLES = tableLayout({
  table: 'convertibles',
  key: ['ts_code'],
  columns: {
    ts_code: required(col.code()),
    bond_full_name: col.text(),
    bond_short_name: required(col.text()),
    cb_code: col.text(),
    stk_code: col.code(),
    stk_short_name: col.text(),
    maturity: col.number(),
    par: col.number(),
    issue_price: col.number(),
    issue_size: col.number(),
    remain_size: col.number(),
    value_date: col.date(),
    maturity_date: col.date(),
    rate_type: col.text(),
    coupon_rate: col.number(),
    add_rate: col.number(),
    pay_per_year: col.integer(),
    list_date: col.date(),
    delist_date: col.date(),
    exchange: col.text(),
    conv_start_date: col.date(),
    conv_end_date: col.date(),
    conv_stop_date: col.date(),
    first_conv_price: col.number(),
    conv_price: col.number(),
    rate_clause: col.text(),
    put_clause: col.text(),
    maturity_put_price: col.text(),
    call_clause: col.text(),
    reset_clause: col.text(),
    conv_clause: col.text(),
    guarantor: col.text(),
    guarantee_type: col.text(),
    issue_rating: col.text(),
    newest_rating: col.text(),
    rating_comp: col.text(),
  },
});

/**
 * Tushare `cb_daily`'s bars in `daily_bars` (docs: tushare.pro/document/2?doc_id=187): prices per 100 yuan of
 * face value as the exchanges quote them, `vol` in lots (手, ten bonds), `amount` in ten thousand yuan
 * (stored in yuan: power 4, where `daily` and `fund_daily` send thousand yuan). Its valuation columns
 * (bond_value, cb_value and their premiums) are not stored: the service computes the conversion value from
 * the underlying's close and the conversion price of the day.
 */
export const CONVERTIBLE_BARS = tableLayout({
  ...DAILY_BARS,
  columns: { ...DAILY_BARS.columns, amount: col.number(4) },
});

/** Tushare `cb_daily`'s fields in its order (pre_close before the prices), of those the store keeps. */
export const CONVERTIBLE_BAR_FIELDS = [
  'ts_code',
  'trade_date',
  'pre_close',
  'open',
  'high',
  'low',
  'close',
  'change',
  'pct_chg',
  'vol',
  'amount',
] as const;
