import { col, required } from './tableLayout';
import { dataset, type DemoStock } from './datasetDescriptor';

/**
 * Company disclosures users ask for most (issue 63), each in Tushare's layout with its units, confirmed against
 * Tushare's pages: `forecast` (业绩预告, doc_id=45), `express` (业绩快报, doc_id=46), `repurchase` (股票回购,
 * doc_id=124), `stk_holdertrade` (股东增减持, doc_id=175) and `new_share` (新股上市, doc_id=123). All are read point
 * in time (on `ann_date`; an IPO on its subscription day), the first four synced by announcement day (they come
 * on closed days too), and seen alike by every plan.
 */

/** The last report period ended before `today` (`YYYYMMDD`) of the given months' ends (e.g. ['1231']). */
const periodBefore = (today: string, ends: readonly string[]): string => {
  const year = Number(today.slice(0, 4));
  const candidates = [year, year - 1].flatMap((y) => ends.map((end) => `${y}${end}`));
  return candidates
    .filter((period) => period < today)
    .sort()
    .at(-1)!;
};

/** A demo figure in yuan of a stock's size (its issued shares), rounded to the yuan. */
const yuanOf = ({ shares, between }: DemoStock, perShare: [number, number]) =>
  Math.round(shares * between(...perShare));

/**
 * Tushare `forecast`: a company's own forecast of a report period's net profit attributable to the parent (its
 * change in percent, its range in ten thousand yuan → yuan, the year-before figure), with its kind (预增, 预减,
 * 扭亏, 首亏, 续亏, 续盈, 略增, 略减), summary and reason. A revised forecast restates the period from its own
 * announcement on (`first_ann_date` keeps the first).
 */
export const FORECASTS = dataset({
  api: 'forecast',
  table: 'forecasts',
  scope: 'financials',
  key: ['ts_code', 'end_date', 'ann_date'],
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    end_date: required(col.date()),
    type: col.text(),
    p_change_min: col.number(),
    p_change_max: col.number(),
    net_profit_min: col.number(4),
    net_profit_max: col.number(4),
    last_parent_net: col.number(4),
    first_ann_date: col.date(),
    summary: col.text(),
    change_reason: col.text(),
  },
  sync: { per: 'day', param: 'ann_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ...by.byAnnouncement('ann_date'),
      period: by.on('end_date'),
      type: by.equals('type'),
    },
    order: [
      ['ann_date', 'desc'],
      ['ts_code', 'asc'],
      ['end_date', 'desc'],
    ],
    cap: 3_500,
  }),
  route: {
    operationId: 'getForecasts',
    by: 'announcement',
    date: 'end_date',
    wire: 'period',
    rank: null,
    example: { symbol: '600519.SH', begin_date: '2024-01-01', end_date: '2024-12-31' },
  },
  // Of each demo stock a forecast of the last year ended, announced thirty sessions ago.
  demo: (stock) => {
    const ann = stock.sessions.at(-30);
    if (ann === undefined) return [];
    const last = yuanOf(stock, [0.2, 2]);
    const low = Number(stock.between(5, 30).toFixed(2));
    const high = Number(stock.between(30, 60).toFixed(2));
    const [min, max] = [low, high].map((pct) => Math.round((last * (1 + pct / 100)) / 1e4));
    return [
      {
        ts_code: stock.tsCode,
        ann_date: ann,
        end_date: periodBefore(ann, ['1231']),
        type: '预增',
        p_change_min: low,
        p_change_max: high,
        net_profit_min: min!,
        net_profit_max: max!,
        last_parent_net: Math.round(last / 1e4),
        first_ann_date: ann,
        summary: `净利润约${min}万元至${max}万元`,
        change_reason: '示例：主营业务收入增长',
      },
    ];
  },
});

/**
 * Tushare `express`: a company's preliminary figures of a report period before its report (yuan, percent, yuan
 * a share), with the year before's and the period's opening figures; `is_audit` 1 audited, 0 not. A corrected
 * express restates the period from its own announcement on.
 */
export const EXPRESSES = dataset({
  api: 'express',
  table: 'expresses',
  scope: 'financials',
  key: ['ts_code', 'end_date', 'ann_date'],
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    end_date: required(col.date()),
    revenue: col.number(),
    operate_profit: col.number(),
    total_profit: col.number(),
    n_income: col.number(),
    total_assets: col.number(),
    total_hldr_eqy_exc_min_int: col.number(),
    diluted_eps: col.number(),
    diluted_roe: col.number(),
    yoy_net_profit: col.number(),
    bps: col.number(),
    yoy_sales: col.number(),
    yoy_op: col.number(),
    yoy_tp: col.number(),
    yoy_dedu_np: col.number(),
    yoy_eps: col.number(),
    yoy_roe: col.number(),
    growth_assets: col.number(),
    yoy_equity: col.number(),
    growth_bps: col.number(),
    or_last_year: col.number(),
    op_last_year: col.number(),
    tp_last_year: col.number(),
    np_last_year: col.number(),
    eps_last_year: col.number(),
    open_net_assets: col.number(),
    open_bps: col.number(),
    perf_summary: col.text(),
    is_audit: col.integer(),
    remark: col.text(),
  },
  sync: { per: 'day', param: 'ann_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ...by.byAnnouncement('ann_date'),
      period: by.on('end_date'),
    },
    order: [
      ['ann_date', 'desc'],
      ['ts_code', 'asc'],
      ['end_date', 'desc'],
    ],
    cap: 3_000,
  }),
  route: {
    operationId: 'getExpress',
    by: 'announcement',
    date: 'end_date',
    wire: 'period',
    rank: null,
    example: { symbol: '600519.SH', begin_date: '2024-01-01', end_date: '2024-12-31' },
  },
  // Of each demo stock an express of the last year ended, announced twenty sessions ago.
  demo: (stock) => {
    const ann = stock.sessions.at(-20);
    if (ann === undefined) return [];
    const revenue = yuanOf(stock, [2, 20]);
    const income = Math.round(revenue * stock.between(0.05, 0.3));
    const last = Math.round(income / stock.between(0.9, 1.3));
    return [
      {
        ts_code: stock.tsCode,
        ann_date: ann,
        end_date: periodBefore(ann, ['1231']),
        revenue,
        operate_profit: Math.round(income * 1.3),
        total_profit: Math.round(income * 1.25),
        n_income: income,
        diluted_eps: Number((income / stock.shares).toFixed(4)),
        yoy_net_profit: last,
        yoy_dedu_np: Number(((income / last - 1) * 100).toFixed(2)),
        np_last_year: last,
        perf_summary: '示例：营业收入、利润同比变动',
        is_audit: 0,
      },
    ];
  },
});

/**
 * Tushare `repurchase`: a company buying back its own shares, one row per announcement of a plan's stage
 * (`proc`: 预案, 股东大会通过, 实施, 完成, 停止实施…), with the shares (`vol`) and yuan (`amount`) bought or
 * planned, the price range and the plan's end and expiry dates.
 */
export const REPURCHASES = dataset({
  api: 'repurchase',
  table: 'repurchases',
  scope: 'events',
  key: ['ts_code', 'ann_date', 'proc'],
  // Doc 124's example: 300451.SZ's two buy-backs completed (完成) on 20181010, 51,900 and 4,500 shares.
  numbered: true,
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    end_date: col.date(),
    proc: required(col.text()),
    exp_date: col.date(),
    vol: col.number(),
    amount: col.number(),
    high_limit: col.number(),
    low_limit: col.number(),
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
      ['proc', 'asc'],
    ],
    cap: 2_000,
  }),
  route: {
    operationId: 'getRepurchases',
    by: 'announcement',
    date: 'ann_date',
    wire: 'ann_date',
    rank: 'amount',
    example: { symbol: '600519.SH', begin_date: '2024-01-01', end_date: '2024-12-31' },
  },
  // Of each demo stock a plan announced forty sessions ago and its implementation ten sessions ago.
  demo: (stock) => {
    const [plan, done] = [stock.sessions.at(-40), stock.sessions.at(-10)];
    if (plan === undefined || done === undefined) return [];
    const vol = Math.round(stock.shares * stock.between(0.001, 0.01));
    const price = Number(stock.between(5, 50).toFixed(2));
    const planned: Record<string, string | number> = {
      ts_code: stock.tsCode,
      ann_date: plan,
      proc: '预案',
      amount: Math.round(vol * price * 1.2),
    };
    return [
      planned,
      {
        ts_code: stock.tsCode,
        ann_date: done,
        end_date: done,
        proc: '实施',
        vol,
        amount: Math.round(vol * price),
        high_limit: Number((price * 1.05).toFixed(2)),
        low_limit: Number((price * 0.95).toFixed(2)),
      },
    ];
  },
});

/**
 * Tushare `stk_holdertrade`: a shareholder's purchases (`in_de` IN) or sales (DE) of the company's shares as
 * announced: the holder (`holder_type` G executive, P person, C company), the shares changed, their and the
 * holding's percent of the float after, the average price, the holder's shares after, and the period traded.
 */
export const HOLDER_TRADES = dataset({
  api: 'stk_holdertrade',
  table: 'holder_trades',
  scope: 'events',
  key: ['ts_code', 'ann_date', 'holder_name', 'in_de'],
  // Doc 175's example: two sales of one holder of 300115.SZ announced on 20190426, 9.47 and 8.69 million shares.
  numbered: true,
  columns: {
    ts_code: required(col.code()),
    ann_date: required(col.date()),
    holder_name: required(col.text()),
    holder_type: col.text(),
    in_de: required(col.text()),
    change_vol: col.number(),
    change_ratio: col.number(),
    after_share: col.number(),
    after_ratio: col.number(),
    avg_price: col.number(),
    total_share: col.number(),
    begin_date: col.date(),
    close_date: col.date(),
  },
  sync: { per: 'day', param: 'ann_date' },
  tushare: (by) => ({
    params: {
      ts_code: by.codes('ts_code'),
      ...by.byAnnouncement('ann_date'),
      trade_type: by.equals('in_de'),
      holder_type: by.equals('holder_type'),
    },
    order: [
      ['ann_date', 'desc'],
      ['ts_code', 'asc'],
      ['change_vol', 'desc'],
      ['holder_name', 'asc'],
    ],
    cap: 3_000,
  }),
  route: {
    operationId: 'getHolderTrades',
    by: 'announcement',
    date: 'ann_date',
    wire: 'ann_date',
    rank: 'change_vol',
    example: { symbol: '600519.SH', begin_date: '2024-01-01', end_date: '2024-12-31' },
  },
  // Of each demo stock an executive's sale announced fifteen sessions ago, over the five sessions before it.
  demo: (stock) => {
    const [begin, close, ann] = [stock.sessions.at(-20), stock.sessions.at(-16), stock.sessions.at(-15)];
    if (begin === undefined || close === undefined || ann === undefined) return [];
    const held = Math.round(stock.shares * stock.between(0.0001, 0.001));
    const sold = Math.round(held * stock.between(0.1, 0.25));
    return [
      {
        ts_code: stock.tsCode,
        ann_date: ann,
        holder_name: '示例高管',
        holder_type: 'G',
        in_de: 'DE',
        change_vol: sold,
        change_ratio: Number(((sold / stock.shares) * 100).toFixed(4)),
        after_share: held - sold,
        after_ratio: Number((((held - sold) / stock.shares) * 100).toFixed(4)),
        avg_price: Number(stock.between(5, 50).toFixed(2)),
        total_share: held - sold,
        begin_date: begin,
        close_date: close,
      },
    ];
  },
});

/**
 * Tushare `new_share` (新股上市, doc_id=123): an IPO's subscription code, its subscription day (`ipo_date`, 上网发行日)
 * and listing day (`issue_date`, None until set), the shares offered (total and online; ten thousand shares →
 * shares), the issue price (yuan; a new listing's first-day rules are of it) and its P/E, an individual's cap
 * (ten thousand shares → shares), the proceeds (a hundred million yuan → yuan) and the allotment rate (percent).
 * Known from its subscription day on. Not synced: Tushare asks it by a range of subscription days only.
 */
export const NEW_SHARES = dataset({
  api: 'new_share',
  table: 'new_shares',
  scope: 'events',
  key: ['ts_code'],
  columns: {
    ts_code: required(col.code()),
    sub_code: col.text(),
    name: col.text(),
    ipo_date: required(col.date()),
    issue_date: col.date(),
    amount: col.number(4),
    market_amount: col.number(4),
    price: col.number(),
    pe: col.number(),
    limit_amount: col.number(4),
    funds: col.number(8),
    ballot: col.number(),
  },
  tushare: (by) => ({
    params: { start_date: by.from('ipo_date'), end_date: by.to('ipo_date') },
    order: [
      ['ipo_date', 'desc'],
      ['ts_code', 'asc'],
    ],
    cap: 2_000,
  }),
  route: {
    operationId: 'getNewShares',
    by: 'announcement',
    date: 'ipo_date',
    published: 'ipo_date',
    wire: 'ipo_date',
    rank: 'funds',
    example: { symbol: '688981.SH', begin_date: '2020-01-01', end_date: '2020-12-31' },
  },
  // Of each demo stock an offer: subscribed twenty sessions ago, listed eight sessions later.
  demo: (stock) => {
    const [ipo, listed] = [stock.sessions.at(-20), stock.sessions.at(-12)];
    if (ipo === undefined || listed === undefined) return [];
    const offered = Math.round(stock.shares / 1e5) / 10;
    const price = Number(stock.between(5, 40).toFixed(2));
    return [
      {
        ts_code: stock.tsCode,
        sub_code: stock.tsCode.slice(0, 6),
        name: stock.name,
        ipo_date: ipo,
        issue_date: listed,
        amount: offered,
        market_amount: Math.round(offered * 0.3 * 10) / 10,
        price,
        pe: Number(stock.between(15, 23).toFixed(2)),
        limit_amount: 1,
        funds: Number(((offered * 1e4 * price) / 1e8).toFixed(3)),
        ballot: Number(stock.between(0.02, 0.1).toFixed(4)),
      },
    ];
  },
});
