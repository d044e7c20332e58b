import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { join } from 'node:path';
import { tushareFieldsOf } from '../domain/tables/datasetDescriptor';
import {
  BLOCK_TRADES,
  DATASET_DESCRIPTORS,
  HOLDER_COUNTS,
  LIMIT_LISTS,
  MARGIN_DETAILS,
  MARGIN_TOTALS,
  MONEY_FLOWS,
  NORTHBOUND_HOLDINGS,
  TOP_FLOAT_HOLDERS,
  TOP_HOLDERS,
  TOP_LIST_SEATS,
  TOP_LISTS,
} from '../domain/tables/datasetDescriptors';
import { CsvWriter } from './csvWriter';
import { limitPrices } from '../domain/quality/priceLimits';
import { fixed2, type GeneratedBar } from './dailyStep';
import type { Random } from './random';

/** A synthetic day of a demo stock: its compact day and its bar (Tushare `daily` units: lots, thousand yuan). */
export type DayBar = GeneratedBar & { day: string };

/** What the synthetic datasets say about a demo stock beside its bars: all invented but the names. */
interface DemoStock {
  name: string;
  industry: string;
  /** Issued shares (all tradable, for simplicity). */
  shares: number;
  /** The exchange's own code of the stock in Stock Connect's holdings. */
  connectCode: string;
  /** Its largest holders: name, kind and percent of the shares. */
  holders: [string, string, number][];
  /** Its Tonghuashun boards' codes. */
  boards: string[];
}

const DEMO_STOCKS: Record<string, DemoStock> = {
  '000001.SZ': {
    name: '平安银行',
    industry: '银行',
    shares: 19_405_918_198,
    connectCode: '70001',
    holders: [
      ['中国平安保险(集团)股份有限公司-集团本级-自有资金', '一般法人', 49.56],
      ['香港中央结算有限公司', '境外法人', 4.12],
      ['中国证券金融股份有限公司', '一般法人', 2.28],
    ],
    boards: ['881155.TI', '885905.TI'],
  },
  '600519.SH': {
    name: '贵州茅台',
    industry: '白酒',
    shares: 1_256_197_800,
    connectCode: '90519',
    holders: [
      ['中国贵州茅台酒厂(集团)有限责任公司', '国有法人', 54.07],
      ['香港中央结算有限公司', '境外法人', 6.92],
      ['贵州省国有资本运营有限责任公司', '国有法人', 4.54],
    ],
    boards: ['885338.TI'],
  },
  '300750.SZ': {
    name: '宁德时代',
    industry: '电池',
    shares: 4_402_000_000,
    connectCode: '70750',
    holders: [
      ['厦门瑞庭投资有限公司', '一般法人', 23.27],
      ['曾毓群', '自然人', 11.76],
      ['香港中央结算有限公司', '境外法人', 11.03],
    ],
    boards: ['885710.TI', '885905.TI'],
  },
};

/** The sessions the synthetic datasets cover: the last twenty, a month of trading days. */
const DATASET_SESSIONS = 20;
const BOARD_NAMES: Record<string, string> = {
  '881155.TI': '银行',
  '885905.TI': '互联网金融',
  '885338.TI': '白酒概念',
  '885710.TI': '锂电池',
};
/** Seats of the dragon-tiger list: institutions, the Connect channels and two brokers' head offices. */
const SEATS = ['机构专用', '机构专用', '深股通专用', '中信证券股份有限公司总部', '华泰证券股份有限公司总部'];
const MONEY_FLOW_SIZES = [0.35, 0.3, 0.2, 0.15];

/** The day's amount in yuan, to the fen as the daily bar's own (thousand yuan × 1,000 in binary floating point is not). */
const yuanOf = (bar: DayBar) => fixed2(bar.amount * 1000);
const quarterOf = (day: string) => `${day.slice(0, 4)}${Math.ceil(Number(day.slice(4, 6)) / 3)}`;

/** Tushare `moneyflow`: the day's volume split by order size, buying leaning with the day's change (lots, 10,000 yuan). */
function moneyFlowRow(tsCode: string, bar: DayBar, random: Random): (string | number)[] {
  const buyShare = Math.min(0.8, Math.max(0.2, 0.5 + bar.pctChg / 40 + 0.03 * random.normal()));
  const perLot = yuanOf(bar) / 10_000 / bar.vol;
  let netVol = 0;
  let netAmount = 0;
  const cells = MONEY_FLOW_SIZES.flatMap((size) => {
    const buy = Math.round(bar.vol * size * buyShare);
    const sell = Math.round(bar.vol * size * (1 - buyShare));
    netVol += buy - sell;
    netAmount += (buy - sell) * perLot;
    return [buy, fixed2(buy * perLot), sell, fixed2(sell * perLot)];
  });
  return [tsCode, bar.day, ...cells, netVol, fixed2(netAmount)];
}

/** Tushare `margin_detail` of a stock over the days: balances that move by the day's buying and repaying (yuan, shares). */
async function writeMarginDetail(
  out: CsvWriter,
  [tsCode, name]: [string, string],
  bars: DayBar[],
  random: Random,
): Promise<void> {
  let financing = Math.round(yuanOf(bars[0]!) * 8);
  let lent = Math.round(bars[0]!.vol * 100 * 0.02);
  for (const bar of bars) {
    const bought = Math.round(yuanOf(bar) * random.between(0.05, 0.12));
    const repaid = Math.round(bought * random.between(0.85, 1.15));
    const sold = Math.round(lent * random.between(0.02, 0.08));
    const returned = Math.round(sold * random.between(0.8, 1.2));
    financing += bought - repaid;
    lent += sold - returned;
    const lentValue = Math.round(lent * bar.close);
    await out.write([
      bar.day,
      tsCode,
      name,
      financing,
      lentValue,
      bought,
      lent,
      repaid,
      returned,
      sold,
      financing + lentValue,
    ]);
  }
}

/** Tushare `margin`: each exchange's totals, a slow walk (yuan, shares). */
async function writeMarginTotals(out: CsvWriter, days: string[], random: Random): Promise<void> {
  const state = { SSE: { rzye: 970e9, rqye: 6.5e9 }, SZSE: { rzye: 880e9, rqye: 4.3e9 } };
  for (const day of days) {
    for (const [exchange, totals] of Object.entries(state)) {
      const bought = Math.round(totals.rzye * random.between(0.05, 0.06));
      const repaid = Math.round(bought * random.between(0.97, 1.03));
      totals.rzye += bought - repaid;
      totals.rqye = Math.round(totals.rqye * (1 + 0.01 * random.normal()));
      await out.write([
        day,
        exchange,
        totals.rzye,
        bought,
        repaid,
        totals.rqye,
        Math.round(totals.rqye / 50),
        totals.rzye + totals.rqye,
        Math.round(totals.rqye / 8),
      ]);
    }
  }
}

/** A limit-up, limit-down or broken-limit day of a bar inside its board's band, or null. */
function limitKind(bar: DayBar, band: number): 'U' | 'D' | 'Z' | null {
  const { up, down } = limitPrices(bar.preClose, band);
  if (bar.close >= up) return 'U';
  if (bar.close <= down) return 'D';
  return bar.high >= up ? 'Z' : null;
}

/** The day's limit list, dragon-tiger list and seats of a stock at its limit or moving 7 % or more. */
async function writeListings(
  files: Record<'limits' | 'tops' | 'seats', CsvWriter>,
  tsCode: string,
  bar: DayBar,
  band: number,
  random: Random,
): Promise<void> {
  const stock = DEMO_STOCKS[tsCode]!;
  const kind = limitKind(bar, band);
  const marketValue = Math.round(bar.close * stock.shares);
  const turnover = fixed2(((bar.vol * 100) / stock.shares) * 100);
  if (kind !== null) {
    const sealed = kind === 'D' ? ['', '145502'] : ['093512', '101503'];
    await files.limits.write([
      bar.day,
      tsCode,
      stock.industry,
      stock.name,
      bar.close,
      bar.pctChg,
      yuanOf(bar),
      kind === 'D' ? Math.round(yuanOf(bar) * 0.3) : '',
      marketValue,
      marketValue,
      turnover,
      kind === 'Z' ? '' : Math.round(yuanOf(bar) * random.between(0.05, 0.2)),
      ...sealed,
      random.int(0, 3),
      '1/1',
      kind === 'Z' ? 0 : 1,
      kind,
    ]);
  }
  if (Math.abs(bar.pctChg) < 7) return;
  const reason = bar.pctChg > 0 ? '日涨幅偏离值达到7%的前5只证券' : '日跌幅偏离值达到7%的前5只证券';
  const seats = SEATS.map((exalter) => ({
    exalter,
    buy: Math.round(yuanOf(bar) * random.between(0.005, 0.04)),
    sell: Math.round(yuanOf(bar) * random.between(0.002, 0.02)),
  }));
  const bought = seats.reduce((sum, seat) => sum + seat.buy, 0);
  const sold = seats.reduce((sum, seat) => sum + seat.sell, 0);
  const rate = (amount: number) => fixed2((amount / yuanOf(bar)) * 100);
  await files.tops.write([
    bar.day,
    tsCode,
    stock.name,
    bar.close,
    bar.pctChg,
    turnover,
    yuanOf(bar),
    sold,
    bought,
    bought + sold,
    bought - sold,
    rate(bought - sold),
    rate(bought + sold),
    marketValue,
    reason,
  ]);
  for (const [side, order] of [
    ['0', (a: { buy: number }, b: { buy: number }) => b.buy - a.buy],
    ['1', (a: { sell: number }, b: { sell: number }) => b.sell - a.sell],
  ] as const) {
    for (const seat of [...seats].sort(order)) {
      await files.seats.write([
        bar.day,
        tsCode,
        seat.exalter,
        side,
        seat.buy,
        rate(seat.buy),
        seat.sell,
        rate(seat.sell),
        seat.buy - seat.sell,
        reason,
      ]);
    }
  }
}

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

/** Top-ten holders and float holders (the same: every share trades here), and the holder count, per period. */
async function writeHolders(
  files: Record<'holders' | 'floats' | 'counts', CsvWriter>,
  tsCode: string,
  today: string,
  random: Random,
): Promise<void> {
  const stock = DEMO_STOCKS[tsCode]!;
  for (const [i, { period, announced }] of announcedPeriods(today).entries()) {
    for (const [name, kind, ratio] of stock.holders) {
      const held = Math.round((stock.shares * (ratio - i * 0.05)) / 100);
      const row = [
        tsCode,
        announced,
        period,
        name,
        held,
        fixed2(ratio - i * 0.05),
        fixed2(ratio - i * 0.05),
        i === 0 ? Math.round((stock.shares * 0.05) / 100) : 0,
        kind,
      ];
      await files.holders.write(row);
      await files.floats.write(row);
    }
    await files.counts.write([tsCode, announced, period, Math.round(random.between(150_000, 500_000))]);
  }
}

/**
 * Synthetic, clearly not real, rows of the datasets for the demo stocks, derived from their synthetic bars of
 * the last sessions so that the two agree (money flow from the day's volume and change, limit and dragon-tiger
 * lists on the days the bars reach them): Tushare-format files of moneyflow, margin_detail, margin, hk_hold
 * (the last session of each quarter and the latest), limit_list_d, top_list, top_inst, block_trade (every
 * seventh session), top10_holders, top10_floatholders, stk_holdernumber (the last two report periods out
 * before `today`), ths_index and ths_member; and the rows of each dataset whose descriptor has a demo rule.
 * Returns rows per file.
 */
export async function writeDatasetSessions(
  out: string,
  series: [string, DayBar[]][],
  bandOf: (tsCode: string, day: string) => number,
  today: string,
  random: Random,
): Promise<Record<string, number>> {
  const writers = new Map<string, CsvWriter>();
  const csv = (file: string, columns: string[]) => {
    const writer = new CsvWriter(join(out, file), columns);
    writers.set(file, writer);
    return writer;
  };
  const flows = csv(csvFileOf(MONEY_FLOWS), tushareFieldsOf(MONEY_FLOWS));
  const margins = csv(csvFileOf(MARGIN_DETAILS), tushareFieldsOf(MARGIN_DETAILS));
  const totals = csv(csvFileOf(MARGIN_TOTALS), tushareFieldsOf(MARGIN_TOTALS));
  const northbound = csv(csvFileOf(NORTHBOUND_HOLDINGS), tushareFieldsOf(NORTHBOUND_HOLDINGS));
  const listings = {
    limits: csv(csvFileOf(LIMIT_LISTS), tushareFieldsOf(LIMIT_LISTS)),
    tops: csv(csvFileOf(TOP_LISTS), tushareFieldsOf(TOP_LISTS)),
    seats: csv(csvFileOf(TOP_LIST_SEATS), tushareFieldsOf(TOP_LIST_SEATS)),
  };
  const blocks = csv(csvFileOf(BLOCK_TRADES), tushareFieldsOf(BLOCK_TRADES));
  const holders = {
    holders: csv(csvFileOf(TOP_HOLDERS), tushareFieldsOf(TOP_HOLDERS)),
    floats: csv(csvFileOf(TOP_FLOAT_HOLDERS), tushareFieldsOf(TOP_FLOAT_HOLDERS)),
    counts: csv(csvFileOf(HOLDER_COUNTS), tushareFieldsOf(HOLDER_COUNTS)),
  };
  const boards = csv(csvFileOf(API.ths_index), ['ts_code', 'name', 'count', 'exchange', 'list_date', 'type']);
  const members = csv(csvFileOf(API.ths_member), [
    'ts_code',
    'con_code',
    'con_name',
    'weight',
    'in_date',
    'out_date',
    'is_new',
  ]);

  const days = [...new Set(series.flatMap(([, bars]) => bars.slice(-DATASET_SESSIONS).map((bar) => bar.day)))].sort();
  await writeMarginTotals(totals, days, random);
  for (const [tsCode, all] of series) {
    const stock = DEMO_STOCKS[tsCode]!;
    const bars = all.slice(-DATASET_SESSIONS);
    await writeMarginDetail(margins, [tsCode, stock.name], bars, random);
    let ratio = stock.holders.find(([name]) => name === '香港中央结算有限公司')?.[2] ?? 3;
    for (const [i, bar] of bars.entries()) {
      await flows.write(moneyFlowRow(tsCode, bar, random));
      await writeListings(listings, tsCode, bar, bandOf(tsCode, bar.day), random);
      ratio = fixed2(ratio + 0.02 * random.normal());
      const last = i === bars.length - 1 || quarterOf(bars[i + 1]!.day) !== quarterOf(bar.day);
      if (last)
        await northbound.write([
          stock.connectCode,
          bar.day,
          tsCode,
          stock.name,
          Math.round((stock.shares * ratio) / 100),
          ratio,
          tsCode.endsWith('.SH') ? 'SH' : 'SZ',
        ]);
      if (i % 7 === 6) {
        const price = fixed2(bar.close * 0.97);
        const tenThousandShares = fixed2(random.between(10, 80));
        await blocks.write([
          tsCode,
          bar.day,
          price,
          tenThousandShares,
          fixed2(price * tenThousandShares),
          '机构专用',
          '中信证券股份有限公司总部',
        ]);
      }
    }
    await writeHolders(holders, tsCode, today, random);
    for (const code of stock.boards) await members.write([code, tsCode, stock.name, '', '', '', 'Y']);
  }
  for (const [code, name] of Object.entries(BOARD_NAMES)) {
    await boards.write([
      code,
      name,
      series.filter(([tsCode]) => DEMO_STOCKS[tsCode]!.boards.includes(code)).length,
      'A',
      '',
      code === '881155.TI' ? 'I' : 'N',
    ]);
  }
  for (const descriptor of DATASET_DESCRIPTORS) {
    if (!descriptor.demo) continue;
    const fields = tushareFieldsOf(descriptor);
    const out = csv(csvFileOf(descriptor), fields);
    for (const [tsCode, bars] of series) {
      const { name, shares } = DEMO_STOCKS[tsCode]!;
      const sessions = bars.map((bar) => bar.day);
      const between = (min: number, max: number) => random.between(min, max);
      for (const row of descriptor.demo({ tsCode, name, shares, sessions, today, between }))
        await out.write(fields.map((field) => row[field] ?? null));
    }
  }
  const rows: Record<string, number> = {};
  for (const [file, writer] of writers) rows[file] = await writer.close();
  return rows;
}
