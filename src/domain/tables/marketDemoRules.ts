import { roundTo } from '../market/adjust';
import { limitPrices } from '../quality/priceLimits';
import type { DemoBar, DemoMarket, DemoRows, DemoStock } from './datasetDescriptor';

/**
 * The demo rules of the trading-day datasets and the holder lists: synthetic, clearly not real, rows of each
 * demo stock derived from its generated bars, so that the two agree (money flow from the day's volume and
 * change, the limit and dragon-tiger lists on the days the bars reach them, margin balances moving with the
 * day's amount). Each rule is its descriptor's `demo` (or `marketDemo`).
 */

const fixed2 = (value: number) => roundTo(value, 2);
/** The day's amount in yuan, to the fen as the daily bar's own (thousand yuan × 1,000 in binary floating point is not). */
const yuanOf = (bar: DemoBar) => fixed2(bar.amount * 1000);
const quarterOf = (day: string) => `${day.slice(0, 4)}${Math.ceil(Number(day.slice(4, 6)) / 3)}`;
/** The sessions the trading-day rules cover: the last twenty, a month of trading days. */
const RECENT_SESSIONS = 20;
const recentBars = (stock: DemoStock) => stock.bars.slice(-RECENT_SESSIONS);

const MONEY_FLOW_SIZES = [
  ['sm', 0.35],
  ['md', 0.3],
  ['lg', 0.2],
  ['elg', 0.15],
] as const;

/** Tushare `moneyflow`: each day's volume split by order size, buying leaning with the day's change (lots, 10,000 yuan). */
export const moneyFlowDemo = (stock: DemoStock): DemoRows =>
  recentBars(stock).map((bar) => {
    const buyShare = Math.min(0.8, Math.max(0.2, 0.5 + bar.pctChg / 40 + 0.03 * stock.normal()));
    const perLot = yuanOf(bar) / 10_000 / bar.vol;
    const row: DemoRows[number] = { ts_code: stock.tsCode, trade_date: bar.day };
    let [netVol, netAmount] = [0, 0];
    for (const [size, share] of MONEY_FLOW_SIZES) {
      const buy = Math.round(bar.vol * share * buyShare);
      const sell = Math.round(bar.vol * share * (1 - buyShare));
      Object.assign(row, {
        [`buy_${size}_vol`]: buy,
        [`buy_${size}_amount`]: fixed2(buy * perLot),
        [`sell_${size}_vol`]: sell,
        [`sell_${size}_amount`]: fixed2(sell * perLot),
      });
      netVol += buy - sell;
      netAmount += (buy - sell) * perLot;
    }
    return { ...row, net_mf_vol: netVol, net_mf_amount: fixed2(netAmount) };
  });

/** Tushare `margin_detail`: balances that move by each day's buying and repaying (yuan, shares). */
export function marginDetailDemo(stock: DemoStock): DemoRows {
  const bars = recentBars(stock);
  if (bars.length === 0) return [];
  let financing = Math.round(yuanOf(bars[0]!) * 8);
  let lent = Math.round(bars[0]!.vol * 100 * 0.02);
  return bars.map((bar) => {
    const bought = Math.round(yuanOf(bar) * stock.between(0.05, 0.12));
    const repaid = Math.round(bought * stock.between(0.85, 1.15));
    const sold = Math.round(lent * stock.between(0.02, 0.08));
    const returned = Math.round(sold * stock.between(0.8, 1.2));
    financing += bought - repaid;
    lent += sold - returned;
    const lentValue = Math.round(lent * bar.close);
    return {
      trade_date: bar.day,
      ts_code: stock.tsCode,
      name: stock.name,
      rzye: financing,
      rqye: lentValue,
      rzmre: bought,
      rqyl: lent,
      rzche: repaid,
      rqchl: returned,
      rqmcl: sold,
      rzrqye: financing + lentValue,
    };
  });
}

/** Tushare `margin`: each exchange's totals over the demo's last sessions, a slow walk (yuan, shares). */
export function marginTotalsDemo(market: DemoMarket): DemoRows {
  const totals = { SSE: { rzye: 970e9, rqye: 6.5e9 }, SZSE: { rzye: 880e9, rqye: 4.3e9 } };
  return market.days.slice(-RECENT_SESSIONS).flatMap((day) =>
    Object.entries(totals).map(([exchange, total]) => {
      const bought = Math.round(total.rzye * market.between(0.05, 0.06));
      const repaid = Math.round(bought * market.between(0.97, 1.03));
      total.rzye += bought - repaid;
      total.rqye = Math.round(total.rqye * (1 + 0.01 * market.normal()));
      return {
        trade_date: day,
        exchange_id: exchange,
        rzye: total.rzye,
        rzmre: bought,
        rzche: repaid,
        rqye: total.rqye,
        rqmcl: Math.round(total.rqye / 50),
        rzrqye: total.rzye + total.rqye,
        rqyl: Math.round(total.rqye / 8),
      };
    }),
  );
}

/** Tushare `hk_hold` (northbound): the stock's Connect holding on the last session of each quarter and the latest. */
export function northboundDemo(stock: DemoStock): DemoRows {
  const bars = recentBars(stock);
  let ratio = stock.holders.find(([name]) => name === '香港中央结算有限公司')?.[2] ?? 3;
  return bars.flatMap((bar, i) => {
    ratio = fixed2(ratio + 0.02 * stock.normal());
    const last = i === bars.length - 1 || quarterOf(bars[i + 1]!.day) !== quarterOf(bar.day);
    if (!last) return [];
    return [
      {
        code: stock.connectCode,
        trade_date: bar.day,
        ts_code: stock.tsCode,
        name: stock.name,
        vol: Math.round((stock.shares * ratio) / 100),
        ratio,
        exchange: stock.tsCode.endsWith('.SH') ? 'SH' : 'SZ',
      },
    ];
  });
}

/** A limit-up, limit-down or broken-limit day of a bar inside its board's band, or null. */
function limitKind(bar: DemoBar): 'U' | 'D' | 'Z' | null {
  const { up, down } = limitPrices(bar.preClose, bar.limit);
  if (bar.close >= up) return 'U';
  if (bar.close <= down) return 'D';
  return bar.high >= up ? 'Z' : null;
}

const marketValueOf = (stock: DemoStock, bar: DemoBar) => Math.round(bar.close * stock.shares);
const turnoverOf = (stock: DemoStock, bar: DemoBar) => fixed2(((bar.vol * 100) / stock.shares) * 100);

/** Tushare `limit_list_d`: the days the stock closed at a limit or touched the up limit and opened (炸板). */
export const limitListDemo = (stock: DemoStock): DemoRows =>
  recentBars(stock).flatMap((bar) => {
    const kind = limitKind(bar);
    if (kind === null) return [];
    const random = stock.randomOf(bar.day);
    const [first, last] = kind === 'D' ? [null, '145502'] : ['093512', '101503'];
    return [
      {
        trade_date: bar.day,
        ts_code: stock.tsCode,
        industry: stock.industry,
        name: stock.name,
        close: bar.close,
        pct_chg: bar.pctChg,
        amount: yuanOf(bar),
        limit_amount: kind === 'D' ? Math.round(yuanOf(bar) * 0.3) : null,
        float_mv: marketValueOf(stock, bar),
        total_mv: marketValueOf(stock, bar),
        turnover_ratio: turnoverOf(stock, bar),
        fd_amount: kind === 'Z' ? null : Math.round(yuanOf(bar) * random.between(0.05, 0.2)),
        first_time: first,
        last_time: last,
        open_times: Math.floor(random.between(0, 4)),
        up_stat: '1/1',
        limit_times: kind === 'Z' ? 0 : 1,
        limit: kind,
      },
    ];
  });

/** Seats of the dragon-tiger list: institutions, the Connect channels and two brokers' head offices. */
const SEATS = ['机构专用', '机构专用', '深股通专用', '中信证券股份有限公司总部', '华泰证券股份有限公司总部'];

/** A day the stock moved 7 % or more: why it is listed and what each seat bought and sold (yuan). */
function dragonTigerDay(stock: DemoStock, bar: DemoBar) {
  if (Math.abs(bar.pctChg) < 7) return null;
  const random = stock.randomOf(`seats ${bar.day}`);
  const reason = bar.pctChg > 0 ? '日涨幅偏离值达到7%的前5只证券' : '日跌幅偏离值达到7%的前5只证券';
  const seats = SEATS.map((exalter) => ({
    exalter,
    buy: Math.round(yuanOf(bar) * random.between(0.005, 0.04)),
    sell: Math.round(yuanOf(bar) * random.between(0.002, 0.02)),
  }));
  const rate = (amount: number) => fixed2((amount / yuanOf(bar)) * 100);
  return { reason, seats, rate };
}

/** Tushare `top_list`: the dragon-tiger list's line of the stock on the days it moved 7 % or more. */
export const topListDemo = (stock: DemoStock): DemoRows =>
  recentBars(stock).flatMap((bar) => {
    const day = dragonTigerDay(stock, bar);
    if (day === null) return [];
    const bought = day.seats.reduce((sum, seat) => sum + seat.buy, 0);
    const sold = day.seats.reduce((sum, seat) => sum + seat.sell, 0);
    return [
      {
        trade_date: bar.day,
        ts_code: stock.tsCode,
        name: stock.name,
        close: bar.close,
        pct_change: bar.pctChg,
        turnover_rate: turnoverOf(stock, bar),
        amount: yuanOf(bar),
        l_sell: sold,
        l_buy: bought,
        l_amount: bought + sold,
        net_amount: bought - sold,
        net_rate: day.rate(bought - sold),
        amount_rate: day.rate(bought + sold),
        float_values: marketValueOf(stock, bar),
        reason: day.reason,
      },
    ];
  });

/** Tushare `top_inst`: the seats of those days, buyers by amount bought (side 0), then sellers by amount sold (side 1). */
export const topListSeatsDemo = (stock: DemoStock): DemoRows =>
  recentBars(stock).flatMap((bar) => {
    const day = dragonTigerDay(stock, bar);
    if (day === null) return [];
    return (['0', '1'] as const).flatMap((side) =>
      [...day.seats]
        .sort((a, b) => (side === '0' ? b.buy - a.buy : b.sell - a.sell))
        .map((seat) => ({
          trade_date: bar.day,
          ts_code: stock.tsCode,
          exalter: seat.exalter,
          side,
          buy: seat.buy,
          buy_rate: day.rate(seat.buy),
          sell: seat.sell,
          sell_rate: day.rate(seat.sell),
          net_buy: seat.buy - seat.sell,
          reason: day.reason,
        })),
    );
  });

/** Tushare `block_trade`: every seventh session, institutions buying a block at 3 % under the close. */
export const blockTradeDemo = (stock: DemoStock): DemoRows =>
  recentBars(stock).flatMap((bar, i) => {
    if (i % 7 !== 6) return [];
    const price = fixed2(bar.close * 0.97);
    const tenThousandShares = fixed2(stock.between(10, 80));
    return [
      {
        ts_code: stock.tsCode,
        trade_date: bar.day,
        price,
        vol: tenThousandShares,
        amount: fixed2(price * tenThousandShares),
        buyer: '机构专用',
        seller: '中信证券股份有限公司总部',
      },
    ];
  });

/** The report periods whose reports came out before `today`, newest two, each announced 25 days after its end. */
function announcedPeriods(today: string): { period: string; announced: string }[] {
  const periods: { period: string; announced: string }[] = [];
  for (let year = Number(today.slice(0, 4)); periods.length < 2; year--) {
    for (const end of ['1231', '0930', '0630', '0331']) {
      const period = `${year}${end}`;
      const date = new Date(Date.UTC(year, Number(end.slice(0, 2)) - 1, Number(end.slice(2)) + 25));
      const announced = date.toISOString().slice(0, 10).replaceAll('-', '');
      if (announced < today && periods.length < 2) periods.push({ period, announced });
    }
  }
  return periods;
}

/** Tushare `top10_holders` and `top10_floatholders` (the same here: every share trades): the last two periods out. */
export const topHoldersDemo = (stock: DemoStock): DemoRows =>
  announcedPeriods(stock.today).flatMap(({ period, announced }, i) =>
    stock.holders.map(([name, kind, percent]) => ({
      ts_code: stock.tsCode,
      ann_date: announced,
      end_date: period,
      holder_name: name,
      hold_amount: Math.round((stock.shares * (percent - i * 0.05)) / 100),
      hold_ratio: fixed2(percent - i * 0.05),
      hold_float_ratio: fixed2(percent - i * 0.05),
      hold_change: i === 0 ? Math.round((stock.shares * 0.05) / 100) : 0,
      holder_type: kind,
    })),
  );

/** Tushare `stk_holdernumber`: the holder count of the last two periods out. */
export const holderCountDemo = (stock: DemoStock): DemoRows =>
  announcedPeriods(stock.today).map(({ period, announced }) => ({
    ts_code: stock.tsCode,
    ann_date: announced,
    end_date: period,
    holder_num: Math.round(stock.randomOf(period).between(150_000, 500_000)),
  }));
