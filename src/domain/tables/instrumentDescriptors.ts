import { col, required } from './tableLayout';
import { dataset, SESSIONS } from './datasetDescriptor';

/**
 * The datasets of exchange-traded funds and convertible bonds (issue 54), each in Tushare's layout with its
 * units, confirmed against Tushare's pages (fund_share doc_id=207, fund_nav doc_id=119, cb_price_chg
 * doc_id=246, cb_call doc_id=269). None is in the coverage, which counts stocks' sessions.
 */

/** Tushare `fund_share`: an ETF's units outstanding on a day (fd_share in ten thousand units → units). */
export const FUND_SHARES = dataset({
  api: 'fund_share',
  table: 'fund_shares',
  kind: 'etf',
  scope: 'market',
  key: ['ts_code', 'trade_date'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    fd_share: col.number(4),
  },
  ...SESSIONS,
  coverage: undefined,
  tushare: (by) => ({
    params: { ts_code: by.codes('ts_code'), ...by.byDate('trade_date') },
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 2_000,
  }),
  route: { operationId: 'getFundShares', by: 'session', example: { symbol: '510300.SH' } },
});

/**
 * Tushare `fund_nav` (market E): a fund's net asset value per unit of a day (`nav_date`) as announced
 * (`ann_date`, usually that evening or the next day), accumulated NAV and dividends per unit, net assets in
 * yuan, and the NAV adjusted for distributions. Read point in time: a NAV is known from its announcement.
 */
export const FUND_NAVS = dataset({
  api: 'fund_nav',
  table: 'fund_navs',
  kind: 'etf',
  scope: 'market',
  key: ['ts_code', 'nav_date', 'ann_date'],
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    nav_date: required(col.date()),
    unit_nav: col.number(),
    accum_nav: col.number(),
    accum_div: col.number(),
    net_asset: col.number(),
    total_netasset: col.number(),
    adj_nav: col.number(),
  },
  sync: { per: 'session', param: 'nav_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      nav_date: by.on('nav_date'),
      start_date: by.from('nav_date'),
      end_date: by.to('nav_date'),
    },
    requiresOneOf: ['ts_code', 'nav_date'],
    order: [
      ['nav_date', 'desc'],
      ['ts_code', 'asc'],
      ['ann_date', 'desc'],
    ],
    // Tushare documents no cap for fund_nav: its siblings' 2,000.
    cap: 2_000,
  }),
  route: {
    operationId: 'getFundNav',
    by: 'announcement',
    date: 'nav_date',
    wire: 'nav_date',
    rank: null,
    example: { symbol: '510300.SH', begin_date: '2024-12-01', end_date: '2024-12-31' },
  },
});

/**
 * Tushare `fund_div` (doc 120): a fund's distributions, one row per distribution (its income base date) and
 * stage (`div_proc`, 实施 once implemented): cash per unit (yuan), the record, ex and payment dates, the units it
 * is based on (ten thousand units → units) and the income distributed (yuan). Exchange-traded funds only: the
 * page's example is mostly of funds outside the exchanges (`.OF`), which have no code here and are left out. The
 * audit reads an implemented distribution's ex-date as a stock's: its pre_close is the previous close less the
 * cash, and its factor steps.
 */
export const FUND_DIVIDENDS = dataset({
  api: 'fund_div',
  table: 'fund_dividends',
  kind: 'etf',
  scope: 'events',
  key: ['ts_code', 'base_date', 'div_proc'],
  columns: {
    ts_code: required(col.code()),
    ann_date: col.date(),
    imp_anndate: col.date(),
    base_date: required(col.date()),
    div_proc: required(col.text()),
    record_date: col.date(),
    ex_date: col.date(),
    pay_date: col.date(),
    earpay_date: col.date(),
    net_ex_date: col.date(),
    div_cash: col.number(),
    base_unit: col.number(4),
    ear_distr: col.number(),
    ear_amount: col.number(),
    account_date: col.date(),
    base_year: col.text(),
  },
  skips: (values) => /\.OF$/i.test(values.ts_code ?? ''),
  sync: { per: 'session', param: 'ex_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ann_date: by.on('ann_date'),
      ex_date: by.on('ex_date'),
      pay_date: by.on('pay_date'),
    },
    requiresOneOf: ['ts_code', 'ann_date', 'ex_date', 'pay_date'],
    order: [
      ['ts_code', 'asc'],
      ['base_date', 'desc'],
      ['div_proc', 'asc'],
    ],
    // Tushare documents no cap for fund_div: its siblings' 2,000.
    cap: 2_000,
  }),
});

/**
 * Tushare `cb_price_chg`: a convertible's conversion price changes (resets, dividends, placements), each
 * effective from `change_date`, the price before and after it (yuan per share). Every bond's first row is its
 * initial price, sent with neither (doc 246's example: 113556.SH 20191220 29.47 None None): from then the price in
 * force is `convert_price_initial`. Tushare asks for it by bond (`ts_code` required), so the sync asks bond by
 * bond, again on every run (a change may be announced at any time), not session by session.
 */
export const CONVERTIBLE_PRICE_CHANGES = dataset({
  api: 'cb_price_chg',
  table: 'convertible_price_changes',
  kind: 'convertible',
  scope: 'market',
  sync: { per: 'convertible' },
  key: ['ts_code', 'change_date'],
  columns: {
    ts_code: required(col.code()),
    bond_short_name: col.text(),
    publish_date: col.date(),
    change_date: required(col.date()),
    convert_price_initial: col.number(),
    convertprice_bef: col.number(),
    convertprice_aft: col.number(),
  },
  tushare: (by) => ({
    params: { ts_code: by.codes('ts_code') },
    requiresOneOf: ['ts_code'],
    order: [
      ['ts_code', 'asc'],
      ['change_date', 'desc'],
    ],
    cap: 2_000,
  }),
});

/**
 * Tushare `cb_call`: a convertible's calls and redemptions at maturity (call_type 到赎 or 强赎) as announced:
 * the state (`is_call`: 已满足强赎条件, 公告提示强赎, 公告实施强赎, 公告到期赎回, 公告不强赎), the call date, price
 * per bond of 100 yuan with and without tax, the bonds called and the amount (ten thousand yuan → yuan).
 */
export const CONVERTIBLE_CALLS = dataset({
  api: 'cb_call',
  table: 'convertible_calls',
  kind: 'convertible',
  scope: 'market',
  key: ['ts_code', 'ann_date', 'is_call'],
  columns: {
    ts_code: required(col.code()),
    call_type: col.text(),
    is_call: required(col.text()),
    ann_date: required(col.date()),
    call_date: col.date(),
    call_price: col.number(),
    call_price_tax: col.number(),
    call_vol: col.number(),
    call_amount: col.number(4),
    payment_date: col.date(),
    call_reg_date: col.date(),
  },
  sync: { per: 'day', param: 'ann_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ...by.byAnnouncement('ann_date'),
    },
    order: [
      ['ann_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 2_000,
  }),
});
