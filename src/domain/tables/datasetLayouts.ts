import { col, columnsOf, required, tableLayout, type ColumnLayout, type TableLayout } from './tableLayout';

/**
 * The datasets beside prices and statements (issue 35), each a table in Tushare's layout with its units: the
 * store keeps money in yuan and daily volume in lots, as everywhere else. A day's rows are market data,
 * visible to a plan from the session's close plus its daily delay.
 */

/** Tushare `moneyflow`: buy and sell volume (lots) and amount (10,000 yuan → yuan) by order size, and the net flow. */
export const MONEY_FLOWS = tableLayout({
  table: 'money_flows',
  key: ['ts_code', 'trade_date'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    buy_sm_vol: col.number(),
    buy_sm_amount: col.number(4),
    sell_sm_vol: col.number(),
    sell_sm_amount: col.number(4),
    buy_md_vol: col.number(),
    buy_md_amount: col.number(4),
    sell_md_vol: col.number(),
    sell_md_amount: col.number(4),
    buy_lg_vol: col.number(),
    buy_lg_amount: col.number(4),
    sell_lg_vol: col.number(),
    sell_lg_amount: col.number(4),
    buy_elg_vol: col.number(),
    buy_elg_amount: col.number(4),
    sell_elg_vol: col.number(),
    sell_elg_amount: col.number(4),
    net_mf_vol: col.number(),
    net_mf_amount: col.number(4),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/** Tushare `margin_detail`: a stock's margin financing and securities lending of a day, in yuan and shares as sent. */
export const MARGIN_DETAILS = tableLayout({
  table: 'margin_details',
  key: ['ts_code', 'trade_date'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    rzye: col.number(),
    rqye: col.number(),
    rzmre: col.number(),
    rqyl: col.number(),
    rzche: col.number(),
    rqchl: col.number(),
    rqmcl: col.number(),
    rzrqye: col.number(),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Tushare `margin`: an exchange's margin financing and securities lending totals of a day (`SSE`, `SZSE`, `BSE`):
 * balances, buys and repayments in yuan, the shares lent out. A dataset of markets, not securities.
 */
export const MARGIN_TOTALS = tableLayout({
  table: 'margin_totals',
  key: ['trade_date', 'exchange_id'],
  columns: {
    trade_date: required(col.date()),
    exchange_id: required(col.text()),
    rzye: col.number(),
    rzmre: col.number(),
    rzche: col.number(),
    rqye: col.number(),
    rqmcl: col.number(),
    rzrqye: col.number(),
    rqyl: col.number(),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/** Whether a dataset's rows are of securities (a `ts_code` column) rather than of markets. */
export const isOfSecurities = (layout: TableLayout<string>): boolean => 'ts_code' in layout.columns;

/**
 * Tushare `hk_hold`, northbound (Stock Connect) holdings of A shares: shares held and their percent of the
 * issued shares, per stock, day and channel (`SH` Shanghai Connect, `SZ` Shenzhen Connect); `code` is the
 * exchange's own code. The exchanges publish them quarterly since 20 August 2024, daily before.
 */
export const NORTHBOUND_HOLDINGS = tableLayout({
  table: 'northbound_holdings',
  key: ['ts_code', 'trade_date', 'exchange'],
  columns: {
    code: col.text(),
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    vol: col.number(),
    ratio: col.number(),
    exchange: required(col.text()),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Tushare `limit_list_d`: the day's limit-up (`U`), limit-down (`D`) and broken-limit (`Z`) stocks, ST stocks
 * not included. Money in yuan as sent (close, amount, the amount traded at the limit, market values, the
 * order book's sealing amount); first and last sealing times as `HHMMSS` text; `up_stat` "N/T" (N limit-ups
 * in T days) and `limit_times` (consecutive limit days). The day's name is the security's, not stored.
 */
export const LIMIT_LISTS = tableLayout({
  table: 'limit_lists',
  key: ['ts_code', 'trade_date'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    industry: col.text(),
    close: col.number(),
    pct_chg: col.number(),
    amount: col.number(),
    limit_amount: col.number(),
    float_mv: col.number(),
    total_mv: col.number(),
    turnover_ratio: col.number(),
    fd_amount: col.number(),
    first_time: col.text(),
    last_time: col.text(),
    open_times: col.integer(),
    up_stat: col.text(),
    limit_times: col.integer(),
    limit: required(col.text()),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Tushare `block_trade`: the day's block trades of a stock, each with its price (yuan), volume (10,000 shares →
 * shares) and value (10,000 yuan → yuan), and the buying and selling brokerage branches. A trade has no id of
 * its own upstream: its key is the whole trade.
 */
export const BLOCK_TRADES = tableLayout({
  table: 'block_trades',
  key: ['ts_code', 'trade_date', 'buyer', 'seller', 'price', 'vol'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    price: required(col.number()),
    vol: required(col.number(4)),
    amount: col.number(4),
    buyer: required(col.text()),
    seller: required(col.text()),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Tushare `top_list`, the dragon-tiger list (龙虎榜): a stock listed on a day, once per reason the exchange gave,
 * with the day's close, change and turnover (percent), its value traded, the list's buying, selling, total and
 * net amounts and their shares of the value (percent), and its float market value; money in yuan as sent.
 */
export const TOP_LISTS = tableLayout({
  table: 'top_lists',
  key: ['ts_code', 'trade_date', 'reason'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    close: col.number(),
    pct_change: col.number(),
    turnover_rate: col.number(),
    amount: col.number(),
    l_sell: col.number(),
    l_buy: col.number(),
    l_amount: col.number(),
    net_amount: col.number(),
    net_rate: col.number(),
    amount_rate: col.number(),
    float_values: col.number(),
    reason: required(col.text()),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Tushare `top_inst`, the dragon-tiger list's seats: per listed stock, day and reason, the five brokerage
 * branches (or institutional seats) that bought most (`side` 0) and sold most (`side` 1) — a seat can be in
 * both — with what each bought and sold (yuan) and its shares of the value traded (percent). Several
 * institutional seats all read `机构专用`: a seat is told apart by its amounts, which the key therefore holds.
 */
export const TOP_LIST_SEATS = tableLayout({
  table: 'top_list_seats',
  key: ['ts_code', 'trade_date', 'reason', 'side', 'exalter', 'buy', 'sell'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    exalter: required(col.text()),
    side: required(col.text()),
    buy: required(col.number()),
    buy_rate: col.number(),
    sell: required(col.number()),
    sell_rate: col.number(),
    net_buy: col.number(),
    reason: required(col.text()),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Tushare `top10_holders` and `top10_floatholders` share a layout: per stock, report period (`end_date`) and
 * announcement, the ten largest holders (of all shares, or of the float), shares held and their change, and
 * percent of the total and of the float. A correction is announced again: the announcement date is in the key.
 */
const HOLDER_COLUMNS = {
  ts_code: required(col.code()),
  ann_date: required(col.date()),
  end_date: required(col.date()),
  holder_name: required(col.text()),
  hold_amount: col.number(),
  hold_ratio: col.number(),
  hold_float_ratio: col.number(),
  hold_change: col.number(),
  holder_type: col.text(),
};
const HOLDER_KEY = ['ts_code', 'end_date', 'ann_date', 'holder_name'] as const;

export const TOP_HOLDERS = tableLayout({ table: 'top_holders', key: HOLDER_KEY, columns: HOLDER_COLUMNS });
export const TOP_FLOAT_HOLDERS = tableLayout({ table: 'top_float_holders', key: HOLDER_KEY, columns: HOLDER_COLUMNS });

/** Tushare `stk_holdernumber`: the number of shareholders on a date (`end_date`: any day a company reports it), as announced. */
export const HOLDER_COUNTS = tableLayout({
  table: 'holder_counts',
  key: ['ts_code', 'end_date', 'ann_date'],
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    end_date: required(col.date()),
    holder_num: col.integer(),
  },
});

/** Baostock's six quarterly indicator queries (`query_profit_data`, …), by the name the sync gives them. */
export type IndicatorQuery = 'profit' | 'operation' | 'growth' | 'balance' | 'cashflow' | 'dupont';

/**
 * Baostock's quarterly indicators, no Tushare api: each stored column and the query and field it comes from, in
 * the queries' order. Ratios as Baostock sends them: decimals (0.0328 is 3.28 %), turnover in times a period,
 * days in days, net profit and main revenue in yuan, shares in shares.
 */
export const INDICATOR_SOURCES = {
  roe_avg: ['profit', 'roeAvg'],
  np_margin: ['profit', 'npMargin'],
  gp_margin: ['profit', 'gpMargin'],
  net_profit: ['profit', 'netProfit'],
  eps_ttm: ['profit', 'epsTTM'],
  mb_revenue: ['profit', 'MBRevenue'],
  total_share: ['profit', 'totalShare'],
  liqa_share: ['profit', 'liqaShare'],
  nr_turn_ratio: ['operation', 'NRTurnRatio'],
  nr_turn_days: ['operation', 'NRTurnDays'],
  inv_turn_ratio: ['operation', 'INVTurnRatio'],
  inv_turn_days: ['operation', 'INVTurnDays'],
  ca_turn_ratio: ['operation', 'CATurnRatio'],
  asset_turn_ratio: ['operation', 'AssetTurnRatio'],
  yoy_equity: ['growth', 'YOYEquity'],
  yoy_asset: ['growth', 'YOYAsset'],
  yoy_ni: ['growth', 'YOYNI'],
  yoy_eps_basic: ['growth', 'YOYEPSBasic'],
  yoy_pni: ['growth', 'YOYPNI'],
  current_ratio: ['balance', 'currentRatio'],
  quick_ratio: ['balance', 'quickRatio'],
  cash_ratio: ['balance', 'cashRatio'],
  yoy_liability: ['balance', 'YOYLiability'],
  liability_to_asset: ['balance', 'liabilityToAsset'],
  asset_to_equity: ['balance', 'assetToEquity'],
  ca_to_asset: ['cashflow', 'CAToAsset'],
  nca_to_asset: ['cashflow', 'NCAToAsset'],
  tangible_asset_to_asset: ['cashflow', 'tangibleAssetToAsset'],
  ebit_to_interest: ['cashflow', 'ebitToInterest'],
  cfo_to_or: ['cashflow', 'CFOToOR'],
  cfo_to_np: ['cashflow', 'CFOToNP'],
  cfo_to_gr: ['cashflow', 'CFOToGr'],
  dupont_roe: ['dupont', 'dupontROE'],
  dupont_asset_sto_equity: ['dupont', 'dupontAssetStoEquity'],
  dupont_asset_turn: ['dupont', 'dupontAssetTurn'],
  dupont_pnitoni: ['dupont', 'dupontPnitoni'],
  dupont_nitogr: ['dupont', 'dupontNitogr'],
  dupont_tax_burden: ['dupont', 'dupontTaxBurden'],
  dupont_intburden: ['dupont', 'dupontIntburden'],
  dupont_ebittogr: ['dupont', 'dupontEbittogr'],
} as const satisfies Record<string, readonly [IndicatorQuery, string]>;

type IndicatorColumn = keyof typeof INDICATOR_SOURCES;

/** Baostock's quarterly indicators per stock, period (`statDate`) and publication (`pubDate`). */
export const QUARTERLY_INDICATORS = tableLayout({
  table: 'quarterly_indicators',
  key: ['ts_code', 'end_date', 'ann_date'],
  columns: {
    ts_code: required(col.code()),
    end_date: required(col.date()),
    ann_date: required(col.date()),
    ...(Object.fromEntries(Object.keys(INDICATOR_SOURCES).map((column) => [column, col.number()])) as Record<
      IndicatorColumn,
      ColumnLayout
    >),
  },
});

const KEY = new Set(['ts_code', 'trade_date']);
const PERIOD_KEY = new Set(['ts_code', 'end_date', 'ann_date']);

/** A dataset's value columns (everything but the security and the day), in its registry's order. */
export const valueColumnsOf = (layout: TableLayout<string>): string[] =>
  columnsOf(layout).filter((column) => !KEY.has(column));

/** A period dataset's value columns (everything but the security, the period and the announcement), in its registry's order. */
export const periodValueColumnsOf = (layout: TableLayout<string>): string[] =>
  columnsOf(layout).filter((column) => !PERIOD_KEY.has(column));
