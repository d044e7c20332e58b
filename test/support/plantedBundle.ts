import { CHECK_NAMES } from '../../src/domain/quality/findings';
import { csv, DAILY_HEADER, writeBundle } from '../ingest/support/bundle';

/** January 2024's calendar: weekdays open but New Year's Day. */
const JANUARY = Array.from({ length: 31 }, (_, i) => `202401${String(i + 1).padStart(2, '0')}`);
const isOpen = (day: string) =>
  day !== '20240101' && ![0, 6].includes(new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`).getUTCDay());
const SESSIONS = JANUARY.filter(isOpen);

interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  pre_close: number;
  vol: number;
  /** Thousand yuan, as Tushare sends it. */
  amount: number;
}

/** A quiet stock: the close steps between 10.00 and 10.10, each bar its own range and volume, vwap mid-range. */
function quietBars(): Map<string, Bar> {
  const bars = new Map<string, Bar>();
  let previous = 10;
  SESSIONS.forEach((day, i) => {
    const close = i % 2 === 0 ? 10.1 : 10;
    const [high, low] = [Math.max(previous, close) + 0.05, Math.min(previous, close) - 0.05];
    const vol = 1000 + i;
    bars.set(day, {
      open: previous,
      high,
      low,
      close,
      pre_close: previous,
      vol,
      amount: (vol * 100 * (high + low)) / 2 / 1000,
    });
    previous = close;
  });
  return bars;
}

const barLine = (code: string, day: string, bar: Bar) =>
  [
    code,
    day,
    bar.open,
    bar.high,
    bar.low,
    bar.close,
    bar.pre_close,
    +(bar.close - bar.pre_close).toFixed(2),
    0,
    bar.vol,
    +bar.amount.toFixed(4),
  ].join(',');

/**
 * A market of sixteen stocks over January 2024, each quiet but for one planted defect (or one rule that must not
 * fire), and the last session loaded for one stock only.
 */
export function plantedBundle(fix: ReadonlySet<string> = new Set()) {
  const stocks: Record<string, { name: string; list: string; bars: Map<string, Bar>; factors?: Map<string, number> }> =
    {};
  const stock = (code: string, name = '测试股份', list = '20100104') =>
    (stocks[code] = { name, list, bars: quietBars() });
  /** A bar changed; `vwap` sets the amount for the bar's volume. */
  const set = (code: string, day: string, { vwap, ...change }: Partial<Bar> & { vwap?: number }) => {
    const bar = { ...stocks[code]!.bars.get(day)!, ...change };
    stocks[code]!.bars.set(day, vwap === undefined ? bar : { ...bar, amount: (bar.vol * 100 * vwap) / 1000 });
  };
  const dividends: string[] = [];
  const halts: string[] = [];
  const names: string[] = [];

  stock('600001.SH');
  if (!fix.has('missing_session')) stocks['600001.SH']!.bars.delete('20240110');
  stock('600003.SH');
  // A bar on a Saturday: a different day's range, the same close, so the Monday after reads as usual.
  if (!fix.has('bar_on_closed_day'))
    stocks['600003.SH']!.bars.set('20240106', {
      open: 10,
      high: 10.2,
      low: 9.95,
      close: 10,
      pre_close: 10,
      vol: 900,
      amount: 904.5,
    });
  stock('600004.SH');
  if (!fix.has('ohlc_inconsistent')) set('600004.SH', '20240111', { high: 10.02 });
  stock('600005.SH');
  if (!fix.has('vwap_outside_range')) set('600005.SH', '20240112', { amount: 1200 });
  stock('600006.SH');
  // 11.05 on a previous close of 10.10 is +9.4 %; on 10.00 it is +10.5 %, past the main board's 11.00.
  if (!fix.has('limit_breach')) {
    set('600006.SH', '20240116', { pre_close: 10, open: 10, high: 11.05, low: 10, close: 11.05, vwap: 10.5 });
    set('600006.SH', '20240117', { pre_close: 11.05, open: 11.05, high: 11.1, low: 9.95, vwap: 10.5 });
  }
  stock('600007.SH');
  if (!fix.has('pre_close_mismatch')) set('600007.SH', '20240117', { pre_close: 10.5 });
  // A factor step of 10.00 ÷ 9.80 on the 18th that no distribution explains (a rights issue would look so).
  stock('600008.SH');
  stock('600009.SH');
  stock('600010.SH');
  for (const code of ['600008.SH', '600009.SH', '600010.SH'])
    set(code, '20240118', { pre_close: 9.8, open: 9.8, low: 9.75 });
  if (fix.has('factor_step_without_event')) dividends.push('600008.SH,20231231,实施,0.2,0,20240118');
  if (!fix.has('event_without_factor_step')) dividends.push('600009.SH,20231231,实施,0.2,0,20240118');
  dividends.push('600010.SH,20231231,实施,0.2,0,20240118');
  const stepOf = (code: string, step: number) =>
    (stocks[code]!.factors = new Map(SESSIONS.map((day) => [day, day >= '20240118' ? step : 1])));
  stepOf('600008.SH', 1.020408);
  if (fix.has('event_without_factor_step')) stepOf('600009.SH', 1.020408);
  stepOf('600010.SH', fix.has('factor_step_mismatch') ? 1.020408 : 1.05);
  stock('600011.SH');
  // A flat day, then the same bar again.
  set('600011.SH', '20240122', { pre_close: 10, open: 10, high: 10.1, low: 9.9, close: 10 });
  const flat = stocks['600011.SH']!.bars.get('20240122')!;
  set('600011.SH', '20240123', fix.has('stale_bar') ? { ...flat, vol: 1500, vwap: 10 } : flat);
  set('600011.SH', '20240124', { pre_close: 10, open: 10 });
  stock('600012.SH');
  if (!fix.has('zero_volume')) set('600012.SH', '20240124', { vol: 0, amount: 0 });
  stock('600013.SH');
  // The source's limit prices of the 19th 9 cents off the rules' (10.10 × 1.1 = 11.11), and its limit list's count
  // of an up close on the 22nd (11.00 on 10.00: its first in a row) as its second.
  const limitRows = [`20240119,600013.SH,10.1,${fix.has('limit_price_mismatch') ? 11.11 : 11.2},9.09`];
  const limitList = [`20240122,600013.SH,测试股份,11,10,${fix.has('limit_list_mismatch') ? 1 : 2},U`];
  set('600013.SH', '20240122', { high: 11, close: 11, vwap: 10.5 });
  set('600013.SH', '20240123', { pre_close: 11, open: 11, high: 11.05, vwap: 10.5 });
  // Rules that must not fire: a halt without a bar; an ST stock's +4.9 % (±5 % then); ChiNext's +19 %; a
  // new listing's first days without a limit.
  stock('600014.SH');
  stocks['600014.SH']!.bars.delete('20240110');
  halts.push('600014.SH,20240110,S');
  set('600014.SH', '20240111', { pre_close: 10, open: 10 });
  stock('600015.SH', 'ST测试');
  names.push('600015.SH,ST测试,20200101,,20191231');
  set('600015.SH', '20240119', { high: 10.59, close: 10.59, vwap: 10.3 });
  set('600015.SH', '20240122', { pre_close: 10.59, open: 10.59, high: 10.64, low: 10.1, vwap: 10.3 });
  stock('300016.SZ', '创业测试');
  set('300016.SZ', '20240119', { high: 11.9, close: 11.9, vwap: 10.9 });
  set('300016.SZ', '20240122', { pre_close: 11.9, open: 11.9, high: 11.95, low: 9.95, vwap: 10.9 });
  stock('600017.SH', '新股测试', '20240115');
  for (const day of SESSIONS.filter((day) => day < '20240115')) stocks['600017.SH']!.bars.delete(day);
  set('600017.SH', '20240115', { pre_close: 5, open: 7, high: 7.2, low: 6.9, close: 7.2, vwap: 7.05 });
  set('600017.SH', '20240116', { pre_close: 7.2, open: 7.2, high: 10.1, low: 7.2, close: 10.05, vwap: 8.5 });
  set('600017.SH', '20240117', { pre_close: 10.05, open: 10.05, high: 10.1 });
  // The last session holds one stock's bar: a session loaded for part of the market.
  for (const [code, { bars }] of Object.entries(stocks)) if (code !== '600013.SH') bars.delete('20240131');

  const sheets = [
    '600013.SH,20240120,20240120,20231231,1,1,4,1000000000,600000000,400000000',
    `600012.SH,20240120,20240120,20231231,1,1,4,1000000000,600000000,${fix.has('balance_sheet_identity') ? 400000000 : 390000000}`,
  ];
  return writeBundle({
    'stock_basic.csv': csv(
      'ts_code,symbol,name,market,list_status,list_date',
      ...Object.entries(stocks).map(([code, { name, list }]) => `${code},${code.slice(0, 6)},${name},主板,L,${list}`),
    ),
    'namechange.csv': csv('ts_code,name,start_date,end_date,ann_date', ...names),
    'trade_cal.csv': csv('exchange,cal_date,is_open', ...JANUARY.map((day) => `SSE,${day},${isOpen(day) ? 1 : 0}`)),
    'daily.csv': csv(
      DAILY_HEADER,
      ...Object.entries(stocks).flatMap(([code, { bars }]) => [...bars].map(([day, bar]) => barLine(code, day, bar))),
    ),
    'adj_factor.csv': csv(
      'ts_code,trade_date,adj_factor',
      ...Object.entries(stocks).flatMap(([code, { bars, factors }]) =>
        [...bars.keys()].map((day) => `${code},${day},${factors?.get(day) ?? 1}`),
      ),
    ),
    'dividend.csv': csv('ts_code,end_date,div_proc,cash_div,stk_div,ex_date', ...dividends),
    'suspend_d.csv': csv('ts_code,trade_date,suspend_type', ...halts),
    'stk_limit.csv': csv('trade_date,ts_code,pre_close,up_limit,down_limit', ...limitRows),
    'limit_list_d.csv': csv('trade_date,ts_code,name,close,pct_chg,limit_times,limit', ...limitList),
    'balancesheet.csv': csv(
      'ts_code,ann_date,f_ann_date,end_date,report_type,comp_type,end_type,total_assets,total_liab,total_hldr_eqy_inc_min_int',
      ...sheets,
    ),
  });
}

/** The planted bundle with every defect fixed: what a correcting load brings. */
export const correctedBundle = () => plantedBundle(new Set(CHECK_NAMES));
