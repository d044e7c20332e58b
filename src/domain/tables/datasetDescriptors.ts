import { addDays } from '../time/calendar';
import { compactToIsoDate, isoToCompactDate } from '../time/dates';
import { col, columnsOf, required, type ColumnLayout, type TableLayout } from './tableLayout';
import { dataset, publishedColumnOf, SESSIONS } from './datasetDescriptor';
import {
  CONVERTIBLE_CALLS,
  CONVERTIBLE_PRICE_CHANGES,
  FUND_DIVIDENDS,
  FUND_NAVS,
  FUND_SHARES,
} from './instrumentDescriptors';
import { EXPRESSES, FORECASTS, HOLDER_TRADES, NEW_SHARES, REPURCHASES } from './disclosureDescriptors';
import {
  blockTradeDemo,
  holderCountDemo,
  limitListDemo,
  marginDetailDemo,
  marginTotalsDemo,
  moneyFlowDemo,
  northboundDemo,
  topHoldersDemo,
  topListDemo,
  topListSeatsDemo,
} from './marketDemoRules';

/**
 * The datasets beside prices and statements (issue 35), each a table in Tushare's layout with its units: the
 * store keeps money in yuan and daily volume in lots, as everywhere else. A day's rows are market data,
 * visible to a plan from the session's close plus its daily delay.
 */

/** Tushare `moneyflow`: buy and sell volume (lots) and amount (10,000 yuan → yuan) by order size, and the net flow. */
export const MONEY_FLOWS = dataset({
  api: 'moneyflow',
  demo: moneyFlowDemo,
  table: 'money_flows',
  scope: 'market',
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
  ...SESSIONS,
  tushare: (by) => ({
    params: { ts_code: by.codes('ts_code'), ...by.byDate('trade_date') },
    requiresOneOf: ['ts_code', 'trade_date', 'start_date', 'end_date'],
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 6_000,
  }),
  route: { operationId: 'getMoneyFlow', by: 'session', example: { symbol: '000001.SZ' } },
});

/** Tushare `margin_detail`: a stock's margin financing and securities lending of a day, in yuan and shares as sent. */
export const MARGIN_DETAILS = dataset({
  api: 'margin_detail',
  demo: marginDetailDemo,
  table: 'margin_details',
  scope: 'market',
  key: ['ts_code', 'trade_date'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    name: col.text(),
    rzye: col.number(),
    rqye: col.number(),
    rzmre: col.number(),
    rqyl: col.number(),
    rzche: col.number(),
    rqchl: col.number(),
    rqmcl: col.number(),
    rzrqye: col.number(),
  },
  ...SESSIONS,
  tushare: (by) => ({
    params: { ts_code: by.codes('ts_code'), ...by.byDate('trade_date') },
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 6_000,
  }),
  route: { operationId: 'getMarginDetail', by: 'session', example: { symbol: '000001.SZ' } },
});

/**
 * Tushare `margin`: an exchange's margin financing and securities lending totals of a day (`SSE`, `SZSE`, `BSE`):
 * balances, buys and repayments in yuan, the shares lent out. A dataset of markets, not securities.
 */
export const MARGIN_TOTALS = dataset({
  api: 'margin',
  marketDemo: marginTotalsDemo,
  table: 'margin_totals',
  scope: 'market',
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
  // Not in the coverage, which counts a security's sessions: it has none.
  ...SESSIONS,
  coverage: undefined,
  tushare: (by) => ({
    params: { ...by.byDate('trade_date'), exchange_id: by.equals('exchange_id') },
    order: [
      ['trade_date', 'desc'],
      ['exchange_id', 'asc'],
    ],
    cap: 4_000,
  }),
  route: {
    operationId: 'getMarginSummary',
    by: 'session',
    filters: { exchange: 'exchange_id' },
    example: { exchange: 'SSE' },
  },
});

/** Whether a dataset's rows are of securities (a `ts_code` column) rather than of markets. */
export const isOfSecurities = (layout: TableLayout<string>): boolean => 'ts_code' in layout.columns;

/**
 * Tushare `hk_hold`, northbound (Stock Connect) holdings of A shares: shares held and their percent of the
 * issued shares, per stock, day and channel (`SH` Shanghai Connect, `SZ` Shenzhen Connect); `code` is the
 * exchange's own code. The exchanges publish them quarterly since 20 August 2024, daily before.
 */
export const NORTHBOUND_HOLDINGS = dataset({
  api: 'hk_hold',
  demo: northboundDemo,
  table: 'northbound_holdings',
  scope: 'market',
  key: ['ts_code', 'trade_date', 'exchange'],
  columns: {
    code: col.text(),
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    name: col.text(),
    vol: col.number(),
    ratio: col.number(),
    exchange: required(col.text()),
  },
  ...SESSIONS,
  // Southbound rows (HK, Hong Kong codes) are no A shares.
  skips: (values) => values.exchange?.trim() === 'HK',
  tushare: (by) => ({
    params: { ts_code: by.codes('ts_code'), ...by.byDate('trade_date'), exchange: by.equals('exchange') },
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
      ['exchange', 'asc'],
    ],
    cap: 3_800,
  }),
  route: { operationId: 'getNorthboundHoldings', by: 'session', example: { symbol: '600519.SH' } },
});

/**
 * Tushare `limit_list_d`: the day's limit-up (`U`), limit-down (`D`) and broken-limit (`Z`) stocks, ST stocks
 * not included. Money in yuan as sent (close, amount, the amount traded at the limit, market values, the
 * order book's sealing amount); first and last sealing times as `HHMMSS` text; `up_stat` "N/T" (N limit-ups
 * in T days) and `limit_times` (consecutive limit days); the security's name of that day.
 */
export const LIMIT_LISTS = dataset({
  api: 'limit_list_d',
  demo: limitListDemo,
  table: 'limit_lists',
  scope: 'market',
  key: ['ts_code', 'trade_date'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    industry: col.text(),
    name: col.text(),
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
  ...SESSIONS,
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ...by.byDate('trade_date'),
      limit_type: by.equals('limit'),
      exchange: { column: 'ts_code', op: 'suffix', kind: 'text', allowed: ['SH', 'SZ', 'BJ'] },
    },
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 2_500,
  }),
  route: {
    operationId: 'getLimitList',
    by: 'session',
    filters: { limit_type: 'limit' },
    example: { symbol: '000001.SZ' },
  },
});

/**
 * Tushare `stk_limit` (doc_id=183): a security's limit-up and limit-down prices of a day and the previous close
 * they are of (yuan), as the exchanges publish them before the open. Where the source sent no row, the audit
 * writes the prices its rules compute (`limitOfBar`: board, risk warning, first sessions, delisting and
 * relisting days) with `computed` 1; a source row, loaded later, replaces it. `computed` is not Tushare's.
 */
export const PRICE_LIMITS = dataset({
  api: 'stk_limit',
  table: 'price_limits',
  scope: 'market',
  key: ['ts_code', 'trade_date'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    pre_close: col.number(),
    up_limit: col.number(),
    down_limit: col.number(),
    computed: col.integer(),
  },
  ...SESSIONS,
  tushare: (by) => ({
    fields: ['trade_date', 'ts_code', 'pre_close', 'up_limit', 'down_limit'],
    params: { ts_code: by.codes('ts_code'), ...by.byDate('trade_date') },
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 5_800,
  }),
  route: { operationId: 'getPriceLimits', by: 'session', example: { symbol: '000001.SZ' } },
});

/**
 * Tushare `block_trade`: the day's block trades of a stock, each with its price (yuan), volume (10,000 shares →
 * shares) and value (10,000 yuan → yuan), and the buying and selling brokerage branches. A trade has no id of
 * its own upstream: its key is the whole trade.
 */
export const BLOCK_TRADES = dataset({
  api: 'block_trade',
  demo: blockTradeDemo,
  table: 'block_trades',
  scope: 'market',
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
  ...SESSIONS,
  tushare: (by) => ({
    params: { ts_code: by.codes('ts_code'), ...by.byDate('trade_date') },
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
      ['buyer', 'asc'],
      ['seller', 'asc'],
      ['price', 'asc'],
      ['vol', 'asc'],
    ],
    cap: 1_000,
  }),
  route: { operationId: 'getBlockTrades', by: 'session', example: { symbol: '600519.SH' } },
});

/**
 * Tushare `top_list`, the dragon-tiger list (龙虎榜): a stock listed on a day, once per reason the exchange gave,
 * with the day's close, change and turnover (percent), its value traded, the list's buying, selling, total and
 * net amounts and their shares of the value (percent), and its float market value; money in yuan as sent.
 */
export const TOP_LISTS = dataset({
  api: 'top_list',
  demo: topListDemo,
  table: 'top_lists',
  scope: 'market',
  key: ['ts_code', 'trade_date', 'reason'],
  columns: {
    trade_date: required(col.date()),
    ts_code: required(col.code()),
    name: col.text(),
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
  ...SESSIONS,
  tushare: (by) => ({
    params: { trade_date: by.on('trade_date'), ts_code: by.codes('ts_code') },
    requiresOneOf: ['trade_date'],
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
      ['reason', 'asc'],
    ],
    cap: 10_000,
  }),
  route: { operationId: 'getTopList', by: 'session', example: { symbol: '000001.SZ' } },
});

/**
 * Tushare `top_inst`, the dragon-tiger list's seats: per listed stock, day and reason, the five brokerage
 * branches (or institutional seats) that bought most (`side` 0) and sold most (`side` 1) — a seat can be in
 * both — with what each bought and sold (yuan) and its shares of the value traded (percent). Several
 * institutional seats all read `机构专用`: a seat is told apart by its amounts, which the key therefore holds.
 */
export const TOP_LIST_SEATS = dataset({
  api: 'top_inst',
  demo: topListSeatsDemo,
  table: 'top_list_seats',
  scope: 'market',
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
  ...SESSIONS,
  tushare: (by) => ({
    params: { trade_date: by.on('trade_date'), ts_code: by.codes('ts_code') },
    requiresOneOf: ['trade_date'],
    order: [
      ['trade_date', 'desc'],
      ['ts_code', 'asc'],
      ['reason', 'asc'],
      ['side', 'asc'],
      ['exalter', 'asc'],
      ['buy', 'asc'],
      ['sell', 'asc'],
    ],
    cap: 10_000,
  }),
  route: {
    operationId: 'getTopListSeats',
    by: 'session',
    filters: { side: 'side' },
    example: { symbol: '000001.SZ' },
  },
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

const holders = <Op extends 'getTopHolders' | 'getTopFloatHolders'>(
  api: string,
  table: string,
  operationId: Op,
  example: Record<string, string>,
) =>
  dataset({
    api,
    table,
    demo: topHoldersDemo,
    scope: 'financials',
    key: HOLDER_KEY,
    columns: HOLDER_COLUMNS,
    sync: { per: 'stock-periods' },
    // A ts_code required, the range on the report period.
    tushare: (by) => ({
      params: {
        ts_code: by.codes('ts_code'),
        period: by.on('end_date'),
        ann_date: by.on('ann_date'),
        start_date: by.from('end_date'),
        end_date: by.to('end_date'),
      },
      requiresOneOf: ['ts_code'],
      order: [
        ['end_date', 'desc'],
        ['ann_date', 'desc'],
        ['hold_amount', 'desc'],
        ['holder_name', 'asc'],
      ],
      cap: 5_000,
    }),
    route: { operationId, by: 'announcement', date: 'end_date', wire: 'period', rank: 'hold_amount', example },
  });

export const TOP_HOLDERS = holders('top10_holders', 'top_holders', 'getTopHolders', {
  symbol: '600519.SH',
  begin_date: '2024-01-01',
  end_date: '2024-12-31',
});
export const TOP_FLOAT_HOLDERS = holders('top10_floatholders', 'top_float_holders', 'getTopFloatHolders', {
  symbol: '000001.SZ',
  begin_date: '2024-01-01',
  end_date: '2024-12-31',
});

/** Tushare `stk_holdernumber`: the number of shareholders on a date (`end_date`: any day a company reports it), as announced. */
export const HOLDER_COUNTS = dataset({
  api: 'stk_holdernumber',
  demo: holderCountDemo,
  table: 'holder_counts',
  scope: 'financials',
  key: ['ts_code', 'end_date', 'ann_date'],
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    end_date: required(col.date()),
    holder_num: col.integer(),
  },
  // Announced on any day, with reports and on their own.
  sync: { per: 'day', param: 'ann_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ...by.byAnnouncement('ann_date'),
      enddate: by.on('end_date'),
    },
    order: [
      ['ann_date', 'desc'],
      ['end_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 3_000,
  }),
  route: {
    operationId: 'getHolderCount',
    by: 'announcement',
    date: 'end_date',
    wire: 'period',
    rank: null,
    example: { symbol: '000001.SZ', begin_date: '2024-01-01', end_date: '2024-12-31' },
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
export const QUARTERLY_INDICATORS = dataset({
  // Baostock's (`sync baostock --datasets financials`), in this project's layout: Tushare has no such api.
  api: 'quarterly_indicators',
  table: 'quarterly_indicators',
  scope: 'financials',
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
  coverage: 'periods',
  route: {
    operationId: 'getFinancialIndicators',
    by: 'announcement',
    date: 'end_date',
    wire: 'period',
    rank: null,
    example: { symbol: '600000.SH', begin_date: '2023-01-01', end_date: '2023-12-31' },
  },
});

/**
 * Tushare `share_float`, restricted shares unlocking (限售股解禁): per stock, unlock day (`float_date`) and
 * announcement, each holder's shares that become tradable (shares) and their percent of the total shares, by
 * kind of restriction (`share_type`: IPO, private placement, incentive …). A later announcement of the same
 * unlock restates it: the announcement date is in the key, and a request point in time reads the latest one.
 */
export const SHARE_FLOATS = dataset({
  api: 'share_float',
  table: 'share_floats',
  scope: 'events',
  key: ['ts_code', 'float_date', 'ann_date', 'holder_name', 'share_type'],
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    float_date: required(col.date()),
    float_share: col.number(),
    float_ratio: col.number(),
    holder_name: required(col.text()),
    share_type: required(col.text()),
  },
  sync: { per: 'day', param: 'ann_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ann_date: by.on('ann_date'),
      float_date: by.on('float_date'),
      start_date: by.from('float_date'),
      end_date: by.to('float_date'),
    },
    order: [
      ['float_date', 'desc'],
      ['ts_code', 'asc'],
      ['ann_date', 'desc'],
      ['float_share', 'desc'],
      ['holder_name', 'asc'],
      ['share_type', 'asc'],
    ],
    cap: 6_000,
  }),
  route: {
    operationId: 'getShareFloat',
    by: 'announcement',
    date: 'float_date',
    wire: 'float_date',
    rank: 'float_share',
    ahead: true,
    example: { symbol: '600519.SH', begin_date: '2024-01-01', end_date: '2025-12-31' },
  },
  // Of each demo stock an unlock twenty sessions ago (announced five sessions before it) and one to come, announced three sessions ago.
  demo: ({ tsCode, shares, sessions, today, between }) =>
    (
      [
        [sessions.at(-25), sessions.at(-20), '首发原股东限售股份', '示例投资有限公司'],
        [
          sessions.at(-3),
          isoToCompactDate(addDays(compactToIsoDate(today)!, 45)),
          '股权激励限售股份',
          '示例员工持股计划',
        ],
      ] as const
    ).flatMap(([ann, float, type, holder]) => {
      if (ann === undefined || float === undefined) return [];
      const ratio = Number(between(0.2, 3).toFixed(4));
      return [
        {
          ts_code: tsCode,
          ann_date: ann,
          float_date: float,
          float_share: Math.round((shares * ratio) / 100),
          float_ratio: ratio,
          holder_name: holder,
          share_type: type,
        },
      ];
    }),
});

/** Every dataset of the descriptors, in load order. */
export const DATASET_DESCRIPTORS = [
  MONEY_FLOWS,
  MARGIN_DETAILS,
  NORTHBOUND_HOLDINGS,
  MARGIN_TOTALS,
  LIMIT_LISTS,
  PRICE_LIMITS,
  BLOCK_TRADES,
  TOP_LISTS,
  TOP_LIST_SEATS,
  TOP_HOLDERS,
  TOP_FLOAT_HOLDERS,
  HOLDER_COUNTS,
  QUARTERLY_INDICATORS,
  SHARE_FLOATS,
  FORECASTS,
  EXPRESSES,
  REPURCHASES,
  HOLDER_TRADES,
  NEW_SHARES,
  FUND_SHARES,
  FUND_NAVS,
  FUND_DIVIDENDS,
  CONVERTIBLE_PRICE_CHANGES,
  CONVERTIBLE_CALLS,
] as const;

const KEY = new Set(['ts_code', 'name', 'trade_date']);

/**
 * A dataset's value columns (everything but the security, its name and the day), in its registry's order. A
 * `name` column is the security's name as the source sent it with the row: the name of that day.
 */
export const valueColumnsOf = (layout: TableLayout<string>): string[] =>
  columnsOf(layout).filter((column) => !KEY.has(column));

/**
 * An announced dataset's value columns (everything but the security, its name, its route's date and the day it
 * was published), in its registry's order.
 */
export const announcedValueColumnsOf = (
  layout: TableLayout<string>,
  route: { date: string; published?: string },
): string[] =>
  columnsOf(layout).filter((column) => !['ts_code', 'name', route.date, publishedColumnOf(route)].includes(column));
