import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { COMPRESSED, END_MARKER, SPLIT } from '../../src/ingest/baostock/frames';
import { DEMO_DIR } from '../../src/ingest/demo';

/**
 * A local server that speaks Baostock's wire format byte for byte (framing, CRC, zlib bodies of type 96, paging,
 * error replies), as recorded from the public server by the captures of simplerjiang/baostock.NET
 * (tests/Fixtures): what `sync baostock` is tested and benched against, since the public server cannot be reached
 * from here. Faults on demand: a connection reset at the n-th query, a blacklisted address, a pause per query.
 */

type Rec = Record<string, string>;

export interface BaostockData {
  /** `query_stock_basic` records: code, code_name, ipoDate, outDate, type, status. */
  securities: Rec[];
  /** `query_trade_dates` records: calendar_date, is_trading_day. */
  days: Rec[];
  /** Unadjusted daily k-data records of every field the server knows (date, code, open, …, isST). */
  bars: Rec[];
  /** `query_adjust_factor` records: code, dividOperateDate, foreAdjustFactor, backAdjustFactor, adjustFactor. */
  factors: Rec[];
  /** `query_dividend_data` records (DIVIDEND_FIELDS), filed by the year of `dividPlanAnnounceDate`. */
  dividends?: Rec[];
  /** Five-minute k-data records (date, time, code, open, high, low, close, volume, amount), unadjusted. */
  minutes?: Rec[];
  /** The quarterly indicator queries' records (INDICATOR_FIELDS), by query, filed by `statDate`. */
  indicators?: Partial<Record<keyof typeof INDICATOR_FIELDS, Rec[]>>;
}

/** The fields of each quarterly indicator reply in Baostock's order (the recorded captures'), by request type. */
export const INDICATOR_FIELDS = {
  profit: [
    'code',
    'pubDate',
    'statDate',
    'roeAvg',
    'npMargin',
    'gpMargin',
    'netProfit',
    'epsTTM',
    'MBRevenue',
    'totalShare',
    'liqaShare',
  ],
  operation: [
    'code',
    'pubDate',
    'statDate',
    'NRTurnRatio',
    'NRTurnDays',
    'INVTurnRatio',
    'INVTurnDays',
    'CATurnRatio',
    'AssetTurnRatio',
  ],
  growth: ['code', 'pubDate', 'statDate', 'YOYEquity', 'YOYAsset', 'YOYNI', 'YOYEPSBasic', 'YOYPNI'],
  dupont: [
    'code',
    'pubDate',
    'statDate',
    'dupontROE',
    'dupontAssetStoEquity',
    'dupontAssetTurn',
    'dupontPnitoni',
    'dupontNitogr',
    'dupontTaxBurden',
    'dupontIntburden',
    'dupontEbittogr',
  ],
  balance: [
    'code',
    'pubDate',
    'statDate',
    'currentRatio',
    'quickRatio',
    'cashRatio',
    'YOYLiability',
    'liabilityToAsset',
    'assetToEquity',
  ],
  cashflow: [
    'code',
    'pubDate',
    'statDate',
    'CAToAsset',
    'NCAToAsset',
    'tangibleAssetToAsset',
    'ebitToInterest',
    'CFOToOR',
    'CFOToNP',
    'CFOToGr',
  ],
};
const INDICATOR_TYPES: Record<string, keyof typeof INDICATOR_FIELDS> = {
  '17': 'profit',
  '19': 'operation',
  '21': 'growth',
  '23': 'dupont',
  '25': 'balance',
  '27': 'cashflow',
};
const QUARTER_ENDS: Record<string, string> = { '1': '03-31', '2': '06-30', '3': '09-30', '4': '12-31' };

/** The fields of a payout record in Baostock's order, and the list as its replies write it (tabs included). */
export const DIVIDEND_FIELDS = [
  'code',
  'dividPreNoticeDate',
  'dividAgmPumDate',
  'dividPlanAnnounceDate',
  'dividPlanDate',
  'dividRegistDate',
  'dividOperateDate',
  'dividPayDate',
  'dividStockMarketDate',
  'dividCashPsBeforeTax',
  'dividCashPsAfterTax',
  'dividStocksPs',
  'dividCashStock',
  'dividReserveToStockPs',
];
export const DIVIDEND_FIELD_LIST = DIVIDEND_FIELDS.join(', ')
  .replace(', dividRegistDate', ', \tdividRegistDate')
  .replace(', dividCashStock', ', \tdividCashStock');

export interface BaostockFaults {
  /** Answer the by-date whole-market queries (98, 9C) as an older server does: an unknown message type. */
  noByDate?: boolean;
  /** Close every connection at once (a source that is down); may be changed while the server runs. */
  refuse?: boolean;
  /** Close the connection instead of answering the n-th query (1-based, counted over connections), once. */
  resetAtQuery?: number;
  /** Answer every login with 10001011. */
  blacklisted?: boolean;
  /** Wait this long before each answer (a realistic pace for the bench). */
  delayMs?: number;
  /** Hold every query's answer while true (a run caught in the middle, whatever the machine's pace); may be changed while the server runs. */
  held?: boolean;
}

export interface BaostockServer {
  port: number;
  /** Query methods answered, in order (logins and logouts apart). */
  queries: string[];
  logins: number;
  close(): Promise<void>;
}

const REPLY_VERSION = '00.9.00';

/** A reply frame as the public server writes it (see frames.ts for the layout). */
export function replyFrame(type: string, fields: readonly string[]): Buffer {
  const text = fields.join(SPLIT);
  if (!COMPRESSED.has(type)) {
    const headAndBody = `${REPLY_VERSION}${SPLIT}${type}${SPLIT}${String(text.length).padStart(10, '0')}${text}`;
    return Buffer.concat([Buffer.from(`${headAndBody}${SPLIT}${crc32(Buffer.from(headAndBody))}`), END_MARKER]);
  }
  const body = deflateSync(Buffer.from(text));
  const head = Buffer.from(`${REPLY_VERSION}${SPLIT}${type}${SPLIT}${String(body.length).padStart(10, '0')}`);
  return Buffer.concat([head, body, Buffer.from(`${SPLIT}${crc32(Buffer.concat([head, body]))}\n`), END_MARKER]);
}

const json = (rows: string[][]) => JSON.stringify({ record: rows });
const pageOf = <T>(rows: T[], page: string, perPage: string) =>
  rows.slice((Number(page) - 1) * Number(perPage), Number(page) * Number(perPage));

/** Forward and backward adjusted prices from the factor events: Baostock's adjustflag 2 and 1. */
function adjusted(bar: Rec, events: Rec[], flag: string): Rec {
  if (flag === '3') return bar;
  const steps = events.filter((event) => event.dividOperateDate! <= bar.date!);
  const back = Number(steps.at(-1)?.backAdjustFactor ?? 1);
  const ratio = flag === '1' ? back : back / Number(events.at(-1)?.backAdjustFactor ?? 1);
  const price = (field: string) => (bar[field] === '' ? '' : (Number(bar[field]) * ratio).toFixed(10));
  return {
    ...bar,
    open: price('open'),
    high: price('high'),
    low: price('low'),
    close: price('close'),
    preclose: price('preclose'),
    adjustflag: flag,
  };
}

/** The fields of the by-date daily reply (query_daily_history_k_AStock), in the order the server lists them. */
export const DAY_OF_STOCKS_FIELDS = [
  'date',
  'code',
  'open',
  'high',
  'low',
  'close',
  'preclose',
  'volume',
  'amount',
  'adjustflag',
  'turn',
  'tradestatus',
  'pctChg',
  'peTTM',
  'pbMRQ',
  'psTTM',
  'isST',
];
const FACTOR_FIELDS = ['code', 'dividOperateDate', 'foreAdjustFactor', 'backAdjustFactor', 'adjustFactor'];

/**
 * The by-date whole-market replies (0.9.x, as AhappyBuffalo/baostock-go reads them): no pages, the records
 * after the method and user, then the fields. 98 → 99: every stock's unadjusted bar of the date (funds and
 * indices apart); 9C → 9D: the factor events whose ex-date is the date.
 */
function answerByDate(data: BaostockData, type: string, [method, user, date = '']: string[]): Buffer {
  const head = ['0', 'success', method!, user!];
  if (type === '98') {
    const stocks = new Set(data.securities.filter((row) => row.type === '1').map((row) => row.code));
    const rows = data.bars.filter((bar) => bar.date === date && stocks.has(bar.code));
    return replyFrame('99', [
      ...head,
      json(rows.map((row) => DAY_OF_STOCKS_FIELDS.map((name) => row[name] ?? ''))),
      DAY_OF_STOCKS_FIELDS.join(','),
    ]);
  }
  const rows = data.factors.filter((event) => event.dividOperateDate === date);
  return replyFrame('9D', [
    ...head,
    json(rows.map((row) => FACTOR_FIELDS.map((name) => row[name]!))),
    FACTOR_FIELDS.join(','),
  ]);
}

/** The answer to one request body (fields after the header), by its type. */
function answer(data: BaostockData, type: string, fields: string[], faults: BaostockFaults): Buffer {
  if ((type === '98' || type === '9C') && !faults.noByDate) return answerByDate(data, type, fields);
  const [method, user, page = '1', perPage = '10000', ...params] = fields;
  const head = ['0', 'success', method!, user!, page, perPage];
  if (type === '95') {
    const [code, wanted, start, end, frequency, flag] = params as [string, string, string, string, string, string];
    const events = data.factors.filter((event) => event.code === code);
    const source = frequency === '5' ? (data.minutes ?? []) : data.bars;
    const rows = source
      .filter((bar) => bar.code === code && bar.date! >= start && bar.date! <= end)
      .map((bar) => adjusted(bar, events, flag));
    const names = wanted.split(',');
    return replyFrame('96', [
      ...head,
      json(pageOf(rows, page, perPage).map((row) => names.map((name) => row[name] ?? ''))),
      code,
      wanted,
      start,
      end,
      frequency,
      flag,
    ]);
  }
  if (type === '15') {
    const [code, start, end] = params as [string, string, string];
    const rows = data.factors.filter(
      (event) => event.code === code && event.dividOperateDate! >= start && event.dividOperateDate! <= end,
    );
    return replyFrame('16', [
      ...head,
      json(pageOf(rows, page, perPage).map((row) => FACTOR_FIELDS.map((name) => row[name]!))),
      code,
      start,
      end,
      FACTOR_FIELDS.join(','),
    ]);
  }
  if (type === '13') {
    const [code, year, yearType] = params as [string, string, string];
    const dateOf = yearType === 'operate' ? 'dividOperateDate' : 'dividPlanAnnounceDate';
    const rows = (data.dividends ?? []).filter((row) => row.code === code && row[dateOf]!.startsWith(year));
    return replyFrame('14', [
      ...head,
      json(pageOf(rows, page, perPage).map((row) => DIVIDEND_FIELDS.map((name) => row[name] ?? ''))),
      code,
      year,
      yearType,
      DIVIDEND_FIELD_LIST,
    ]);
  }
  if (type in INDICATOR_TYPES) {
    const query = INDICATOR_TYPES[type]!;
    const [code, year, quarter] = params as [string, string, string];
    const rows = (data.indicators?.[query] ?? []).filter(
      (row) => row.code === code && row.statDate === `${year}-${QUARTER_ENDS[quarter]}`,
    );
    const names = INDICATOR_FIELDS[query];
    return replyFrame(String(Number(type) + 1), [
      ...head,
      json(pageOf(rows, page, perPage).map((row) => names.map((name) => row[name] ?? ''))),
      code,
      year,
      quarter,
      names.join(','),
    ]);
  }
  if (type === '45') {
    const [code = '', name = ''] = params;
    const rows = data.securities.filter(
      (row) => (code === '' || row.code === code) && (name === '' || row.code_name === name),
    );
    const names = ['code', 'code_name', 'ipoDate', 'outDate', 'type', 'status'];
    return replyFrame('46', [
      ...head,
      json(pageOf(rows, page, perPage).map((row) => names.map((n) => row[n]!))),
      code,
      name,
      names.join(', '),
    ]);
  }
  if (type === '33') {
    const [start, end] = params as [string, string];
    const rows = data.days.filter((day) => day.calendar_date! >= start && day.calendar_date! <= end);
    return replyFrame('34', [
      ...head,
      json(pageOf(rows, page, perPage).map((row) => [row.calendar_date!, row.is_trading_day!])),
      start,
      end,
      'calendar_date, is_trading_day',
    ]);
  }
  return replyFrame('04', ['10004020', '错误的消息类型']);
}

/** Requests end with `\n` (the CRC before it): one line per request; a CRC that does not match is refused. */
function serve(
  socket: Socket,
  data: BaostockData,
  faults: BaostockFaults,
  state: { queries: string[]; logins: number; resetDone: boolean },
): void {
  let buffered = '';
  let loggedIn = false;
  let chain = Promise.resolve();
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      chain = chain.then(() => reply(line));
    }
  });
  const reply = async (line: string) => {
    const crcAt = line.lastIndexOf(SPLIT);
    const [, type = ''] = line.slice(0, 21).split(SPLIT);
    const fields = line.slice(21, crcAt).split(SPLIT);
    if (String(crc32(Buffer.from(line.slice(0, crcAt)))) !== line.slice(crcAt + 1))
      return void socket.write(replyFrame('04', ['10004019', '消息格式不正确']));
    if (faults.delayMs) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    if (type === '00') {
      state.logins++;
      loggedIn = !faults.blacklisted;
      const code = faults.blacklisted ? '10001011' : '0';
      return void socket.write(
        replyFrame('01', [
          code,
          faults.blacklisted ? '黑名单用户' : 'success',
          'login',
          'anonymous',
          '20260422163759563',
        ]),
      );
    }
    if (type === '02')
      return void socket.write(replyFrame('03', ['0', 'success', 'logout', 'anonymous', '20260422163818112']));
    if (!loggedIn)
      return void socket.write(replyFrame(String(Number(type) + 1).padStart(2, '0'), ['10001001', '用户未登陆']));
    while (faults.held) await new Promise((resolve) => setTimeout(resolve, 50));
    state.queries.push(fields[0]!);
    if (faults.resetAtQuery === state.queries.length && !state.resetDone) {
      state.resetDone = true;
      return void socket.resetAndDestroy();
    }
    socket.write(answer(data, type, fields, faults));
  };
}

export async function startBaostockServer(data: BaostockData, faults: BaostockFaults = {}): Promise<BaostockServer> {
  const state = { queries: [] as string[], logins: 0, resetDone: false };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    if (faults.refuse) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, data, faults, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    queries: state.queries,
    get logins() {
      return state.logins;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The demo's rows (db/demo, real, Tushare's layout and units) as a file's records. */
const demoCsv = (file: string): Rec[] =>
  parse(readFileSync(join(DEMO_DIR, file)), { columns: true, skip_empty_lines: true, bom: true });
const iso = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;
const baostockCode = (tsCode: string) => `${tsCode.slice(7).toLowerCase()}.${tsCode.slice(0, 6)}`;

/**
 * June 2024 in Baostock's layouts and units, from the demo's real rows of Ping An Bank (000001.SZ, ex-dividend
 * on 2024-06-14), Midea (000333.SZ) and the SSE Composite: volume in shares, amount in yuan, the adjustment
 * factor as events with Baostock's cumulative backward factor (the demo's factor steps). The demo has no
 * valuations of 2024: turn, peTTM, pbMRQ and psTTM are illustrative values in Baostock's format. Midea is
 * suspended on 2024-06-28 here (tradestatus 0, as Baostock lists a suspended day), and two delisted stocks stand
 * in the list: *ST凯乐, delisted in 2023 (the demo's Baostock list).
 */
export function juneFixture(): BaostockData {
  const codes = ['000001.SZ', '000333.SZ'];
  const june = (row: Rec) => row.trade_date!.startsWith('202406');
  const toBar = (row: Rec, status = '1'): Rec => ({
    date: iso(row.trade_date!),
    code: baostockCode(row.ts_code!),
    open: row.open!,
    high: row.high!,
    low: row.low!,
    close: row.close!,
    preclose: row.pre_close!,
    volume: String(Math.round(Number(row.vol) * 100)),
    amount: (Number(row.amount) * 1000).toFixed(4),
    adjustflag: '3',
    turn: '0.551000',
    tradestatus: status,
    pctChg: row.pct_chg!,
    peTTM: '4.512300',
    pbMRQ: '0.498700',
    psTTM: '1.234500',
    isST: '0',
  });
  const stockBars = demoCsv('daily.csv').filter((row) => codes.includes(row.ts_code!) && june(row));
  const bars = stockBars
    .filter((row) => !(row.ts_code === '000333.SZ' && row.trade_date === '20240628'))
    .map((row) => toBar(row));
  const suspended = stockBars.find((row) => row.ts_code === '000333.SZ' && row.trade_date === '20240628')!;
  bars.push({
    ...toBar(
      {
        ...suspended,
        open: suspended.pre_close!,
        high: suspended.pre_close!,
        low: suspended.pre_close!,
        close: suspended.pre_close!,
        vol: '0',
        amount: '0',
      },
      '0',
    ),
    turn: '',
    peTTM: '',
    pbMRQ: '',
    psTTM: '',
  });
  // An index's k-data has no status nor valuation.
  const INDEX_FIELDS = [
    'date',
    'code',
    'open',
    'high',
    'low',
    'close',
    'preclose',
    'volume',
    'amount',
    'adjustflag',
    'pctChg',
  ];
  const indexBars = demoCsv('index_daily.csv')
    .filter((row) => row.ts_code === '000001.SH' && june(row))
    .map((row) => {
      const bar = toBar(row);
      return Object.fromEntries(INDEX_FIELDS.map((field) => [field, bar[field]!]));
    });
  // Factor events: the first day of the demo's 2024 factors, then each day the factor steps, through June (the
  // month is the server's whole history here, so its forward prices are relative to June's last factor).
  const factors: Rec[] = [];
  for (const code of codes) {
    let previous = '';
    for (const row of demoCsv('adj_factor.csv').filter(
      (one) => one.ts_code === code && one.trade_date! >= '20240101' && one.trade_date! <= '20240630',
    )) {
      if (row.adj_factor !== previous)
        factors.push({
          code: baostockCode(code),
          dividOperateDate: iso(row.trade_date!),
          foreAdjustFactor: '',
          backAdjustFactor: row.adj_factor!,
          adjustFactor: row.adj_factor!,
        });
      previous = row.adj_factor!;
    }
  }
  const latest = new Map(factors.map((event) => [event.code, Number(event.backAdjustFactor)]));
  for (const event of factors)
    event.foreAdjustFactor = (Number(event.backAdjustFactor) / latest.get(event.code)!).toFixed(6);
  const days = demoCsv('trade_cal.csv')
    .filter((row) => row.exchange === 'SSE' && row.cal_date! >= '20240401' && row.cal_date! <= '20240630')
    .map((row) => ({ calendar_date: iso(row.cal_date!), is_trading_day: row.is_open! }));
  const securities: Rec[] = [
    { code: 'sz.000001', code_name: '平安银行', ipoDate: '1991-04-03', outDate: '', type: '1', status: '1' },
    { code: 'sz.000333', code_name: '美的集团', ipoDate: '2013-09-18', outDate: '', type: '1', status: '1' },
    { code: 'sh.600260', code_name: '*ST凯乐', ipoDate: '2000-07-06', outDate: '2023-02-15', type: '1', status: '0' },
    { code: 'sh.000001', code_name: '上证综合指数', ipoDate: '1991-07-15', outDate: '', type: '2', status: '1' },
    { code: 'sh.511880', code_name: '银华日利', ipoDate: '2013-04-18', outDate: '', type: '5', status: '1' },
  ];
  // Ping An Bank's payout of 2023 as announced: 7.19 yuan per 10 shares before tax, plan of 2024-03-15, record
  // date 06-13, ex-date 06-14 (the demo factor's step); the implementation notice dated in this fixture.
  const dividends: Rec[] = [
    {
      code: 'sz.000001',
      dividPreNoticeDate: '',
      dividAgmPumDate: '',
      dividPlanAnnounceDate: '2024-03-15',
      dividPlanDate: '2024-06-07',
      dividRegistDate: '2024-06-13',
      dividOperateDate: '2024-06-14',
      dividPayDate: '2024-06-14',
      dividStockMarketDate: '',
      dividCashPsBeforeTax: '0.719',
      dividCashPsAfterTax: '0.6471或0.719',
      dividStocksPs: '',
      dividCashStock: '10派7.19元（含税，扣税后6.471或7.19元）',
      dividReserveToStockPs: '',
    },
  ];
  return { securities, days, bars: [...bars, ...indexBars], factors, dividends };
}
