import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { join } from 'node:path';
import { roundTo } from '../domain/market/adjust';
import { tushareFieldsOf } from '../domain/tables/datasetDescriptor';
import {
  CONVERTIBLE_CALLS,
  CONVERTIBLE_PRICE_CHANGES,
  FUND_DIVIDENDS,
  FUND_NAVS,
  FUND_SHARES,
} from '../domain/tables/instrumentDescriptors';
import { CONVERTIBLE_BAR_FIELDS, FUNDS } from '../domain/tables/instrumentLayouts';
import { columnsOf } from '../domain/tables/tableLayout';
import { CsvWriter } from './csvWriter';
import { DAILY_COLUMNS } from './dailyStep';
import type { DayBar } from './datasetSessions';
import type { Random } from './random';

/** The demo's ETF: its real code and name, every figure invented. */
const ETF = { tsCode: '510300.SH', name: '沪深300ETF', firstClose: 3.9, units: 900_000 };
/** The demo's convertible: invented (code, name and terms), on the demo's synthetic 000001.SZ. */
const BOND = {
  tsCode: '127999.SZ',
  name: '示例转债',
  underlying: '000001.SZ',
  stockName: '平安银行',
  firstPrice: 12,
  reset: 11.5,
};

const fixed3 = (value: number) => roundTo(value, 3);
/** The ETF's cash distribution a unit, in yuan. */
const ETF_CASH = 0.05;
const fixed4 = (value: number) => roundTo(value, 4);

/** One session of a 3-decimal instrument closing at `close` from `preClose`, in Tushare's fields of a bar. */
function bar(preClose: number, close: number, random: Random) {
  const open = fixed3(preClose * (1 + 0.003 * random.normal()));
  const change = fixed3(close - preClose);
  return {
    open,
    high: fixed3(Math.max(open, close) * (1 + Math.abs(0.003 * random.normal()))),
    low: fixed3(Math.min(open, close) * (1 - Math.abs(0.003 * random.normal()))),
    close,
    preClose,
    change,
    pctChg: fixed4((change / preClose) * 100),
  };
}

/**
 * Synthetic, clearly not real, rows of an ETF and a convertible bond over the demo's synthetic sessions (`underlying`:
 * 000001.SZ's bars): 510300.SH's bars (a seeded walk at the fund's tick), factor, NAV (its close within a few basis
 * points, announced that evening) and units outstanding; 示例转债's terms, bars at a premium of about 12 % over its
 * conversion value and a conversion-price reset in the middle of the sessions; the ETF's cash distribution of
 * fifteen sessions ago and the bond's call reminder of five sessions ago. Returns rows per file.
 */
export async function writeInstrumentSessions(out: string, underlying: readonly DayBar[], random: Random) {
  const csv = (file: string, columns: string[]) => new CsvWriter(join(out, file), columns);
  const funds = csv(csvFileOf(API.fund_basic), columnsOf(FUNDS));
  const fundBars = csv(csvFileOf(API.fund_daily), DAILY_COLUMNS);
  const fundFactors = csv(csvFileOf(API.fund_adj), ['ts_code', 'trade_date', 'adj_factor']);
  const navs = csv(csvFileOf(FUND_NAVS), tushareFieldsOf(FUND_NAVS));
  const units = csv(csvFileOf(FUND_SHARES), tushareFieldsOf(FUND_SHARES));
  const bonds = csv(csvFileOf(API.cb_basic), [
    'ts_code',
    'bond_short_name',
    'stk_code',
    'stk_short_name',
    'par',
    'list_date',
    'first_conv_price',
    'conv_price',
  ]);
  const bondBars = csv(csvFileOf(API.cb_daily), [...CONVERTIBLE_BAR_FIELDS]);
  const resets = csv(csvFileOf(CONVERTIBLE_PRICE_CHANGES), tushareFieldsOf(CONVERTIBLE_PRICE_CHANGES));
  const dividends = csv(csvFileOf(FUND_DIVIDENDS), tushareFieldsOf(FUND_DIVIDENDS));
  const calls = csv(csvFileOf(CONVERTIBLE_CALLS), tushareFieldsOf(CONVERTIBLE_CALLS));
  const days = underlying.map((day) => day.day);
  const resetAt = Math.floor(days.length / 2);

  const fund: Record<string, string> = {
    ts_code: ETF.tsCode,
    name: ETF.name,
    list_date: '20120528',
    status: 'L',
    market: 'E',
  };
  await funds.writeRecord(fund);
  await bonds.write([
    BOND.tsCode,
    BOND.name,
    BOND.underlying,
    BOND.stockName,
    100,
    days[0] ?? null,
    BOND.firstPrice,
    BOND.reset,
  ]);
  if (days.length > 3)
    await resets.write([
      BOND.tsCode,
      BOND.name,
      days[resetAt - 3]!,
      days[resetAt]!,
      BOND.firstPrice,
      BOND.firstPrice,
      BOND.reset,
    ]);

  let etfClose = ETF.firstClose;
  // The distribution's ex-date: the day's reference price is the close less the cash, and the factor steps by the ratio.
  const exDay = days.length - 14;
  let factor = 1;
  let shares = ETF.units;
  let bondClose: number | null = null;
  for (const [i, stock] of underlying.entries()) {
    const reference = i === exDay ? fixed3(etfClose - ETF_CASH) : etfClose;
    if (i === exDay) factor = roundTo((factor * etfClose) / reference, 6);
    const etf = bar(reference, fixed3(reference * (1 + 0.01 * random.normal())), random);
    const lots = Math.round(random.between(3e6, 9e6));
    await fundBars.write([
      ETF.tsCode,
      stock.day,
      etf.open,
      etf.high,
      etf.low,
      etf.close,
      etf.preClose,
      etf.change,
      etf.pctChg,
      lots,
      fixed3((lots * 100 * etf.close) / 1000),
    ]);
    await fundFactors.write([ETF.tsCode, stock.day, factor]);
    const nav = fixed4(etf.close * (1 + 0.0005 * random.normal()));
    shares = fixed4(shares * (1 + 0.002 * random.normal()));
    await navs.write([
      ETF.tsCode,
      stock.day,
      stock.day,
      nav,
      fixed4(nav + 0.28),
      0.28,
      Math.round(nav * shares * 1e4),
      Math.round(nav * shares * 1e4),
      fixed4(nav + 0.3),
    ]);
    await units.write([ETF.tsCode, stock.day, shares]);
    etfClose = etf.close;
    if (i === exDay - 1)
      await dividends.writeRecord({
        ts_code: ETF.tsCode,
        ann_date: days[i - 3]!,
        imp_anndate: days[i - 3]!,
        base_date: days[i - 4]!,
        div_proc: '实施',
        record_date: days[i]!,
        ex_date: days[i + 1]!,
        pay_date: days[i + 3]!,
        net_ex_date: days[i + 1]!,
        div_cash: ETF_CASH,
        base_unit: shares,
        base_year: days[i]!.slice(0, 4),
      });

    const price = i >= resetAt && days.length > 3 ? BOND.reset : BOND.firstPrice;
    const close = fixed3(((stock.close * 100) / price) * (1.12 + 0.01 * random.normal()));
    const cb = bar(bondClose ?? close, close, random);
    const bondLots = Math.round(random.between(5e4, 2e5));
    await bondBars.write([
      BOND.tsCode,
      stock.day,
      cb.preClose,
      cb.open,
      cb.high,
      cb.low,
      cb.close,
      cb.change,
      cb.pctChg,
      bondLots,
      fixed4((bondLots * 10 * cb.close) / 1e4),
    ]);
    bondClose = cb.close;
    if (i === days.length - 5)
      await calls.writeRecord({
        ts_code: BOND.tsCode,
        call_type: '强赎',
        is_call: '公告提示强赎',
        ann_date: stock.day,
        call_price: 100.6,
        call_price_tax: 100.48,
      });
  }
  const counts: Record<string, number> = {};
  for (const [file, writer] of Object.entries({
    [csvFileOf(API.fund_basic)]: funds,
    [csvFileOf(API.fund_daily)]: fundBars,
    [csvFileOf(API.fund_adj)]: fundFactors,
    [csvFileOf(FUND_NAVS)]: navs,
    [csvFileOf(FUND_SHARES)]: units,
    [csvFileOf(API.cb_basic)]: bonds,
    [csvFileOf(API.cb_daily)]: bondBars,
    [csvFileOf(CONVERTIBLE_PRICE_CHANGES)]: resets,
    [csvFileOf(FUND_DIVIDENDS)]: dividends,
    [csvFileOf(CONVERTIBLE_CALLS)]: calls,
  }))
    counts[file] = await writer.close();
  return counts;
}
