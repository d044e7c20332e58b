import { compact } from '../../domain/time/syncPeriods';
import type { BaostockRecord } from './baostockClient';

/**
 * Baostock's records in Tushare's layouts and units, so that they go through the same table loaders as a
 * Tushare bundle or sync (src/loaders) and land in the store's units: Baostock's volume is in shares
 * and its amount in yuan, Tushare's `daily` in lots and thousand yuan. Pure functions, no I/O.
 */

/** A record as the Tushare loaders read it. */
export type TushareRecord = Record<string, string>;

/** `sh.600000` → `600000.SH`. */
export const tsCodeOf = (code: string) => `${code.slice(3)}.${code.slice(0, 2).toUpperCase()}`;
/** `600000.SH` → `sh.600000`. */
export const baostockCodeOf = (tsCode: string) => `${tsCode.slice(7).toLowerCase()}.${tsCode.slice(0, 6)}`;

/** A decimal text times 10^power, moved in the text (no floating-point rounding): ('22066700', -2) → '220667'. */
export function shiftDecimal(text: string, power: number): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (match === null || text.trim() === '') return text.trim();
  const [, sign, whole = '', fraction = ''] = match;
  const digits = whole + fraction;
  const point = whole.length + power;
  const moved =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  const trimmed = moved
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return `${sign}${trimmed}`;
}

/** close − preclose to 4 decimals (Baostock gives no change column). */
function change(close: string, preclose: string): string {
  if (close === '' || preclose === '') return '';
  return String(Math.round((Number(close) - Number(preclose)) * 10_000) / 10_000);
}

/** The daily k-data fields asked of stocks (unadjusted, adjustflag 3): the bar and the day's valuation. */
export const STOCK_DAY_FIELDS = [
  'date',
  'code',
  'open',
  'high',
  'low',
  'close',
  'preclose',
  'volume',
  'amount',
  'turn',
  'tradestatus',
  'pctChg',
  'peTTM',
  'pbMRQ',
  'psTTM',
];
/** Indices have no status nor valuation. */
export const INDEX_DAY_FIELDS = [
  'date',
  'code',
  'open',
  'high',
  'low',
  'close',
  'preclose',
  'volume',
  'amount',
  'pctChg',
];

/** The five-minute k-data fields asked of stocks (unadjusted, adjustflag 3); Baostock has no minute data of indices. */
export const MINUTE_FIELDS = ['date', 'time', 'code', 'open', 'high', 'low', 'close', 'volume', 'amount'];

/**
 * Tushare `stk_mins` (freq=5min) rows of five-minute k-data: Baostock's `time` (`20240102093500000`, the bar's
 * end) as `2024-01-02 09:35:00`; volume in shares and amount in yuan, the layout's units already.
 */
export function fiveMinuteRecords(records: BaostockRecord[]): TushareRecord[] {
  return records.map((record) => {
    const time = record.time!;
    return {
      ts_code: tsCodeOf(record.code!),
      trade_time: `${record.date} ${time.slice(8, 10)}:${time.slice(10, 12)}:${time.slice(12, 14)}`,
      open: record.open!,
      high: record.high!,
      low: record.low!,
      close: record.close!,
      vol: record.volume!,
      amount: record.amount!,
    };
  });
}

/** The traded days of k-data records (a suspended day, tradestatus 0, is no bar). */
export const tradedDays = (records: BaostockRecord[]) => records.filter((record) => record.tradestatus !== '0');

/** Tushare `daily` / `index_daily` rows of traded days. */
export function barRecords(records: BaostockRecord[]): TushareRecord[] {
  return tradedDays(records).map((record) => ({
    ts_code: tsCodeOf(record.code!),
    trade_date: compact(record.date!),
    open: record.open!,
    high: record.high!,
    low: record.low!,
    close: record.close!,
    pre_close: record.preclose!,
    change: change(record.close!, record.preclose!),
    pct_chg: record.pctChg ?? '',
    vol: shiftDecimal(record.volume ?? '', -2),
    amount: shiftDecimal(record.amount ?? '', -3),
  }));
}

/** Tushare `suspend_d` rows of the days k-data lists as suspended (tradestatus 0): halted all day. */
export function haltRecords(records: BaostockRecord[]): TushareRecord[] {
  return records
    .filter((record) => record.tradestatus === '0')
    .map((record) => ({
      ts_code: tsCodeOf(record.code!),
      trade_date: compact(record.date!),
      suspend_timing: '',
      suspend_type: 'S',
    }));
}

/** Tushare `daily_basic` rows of traded days: turnover (percent), PE TTM, PB MRQ, PS TTM (Baostock's pcfNcfTTM has no column). */
export function valuationRecords(records: BaostockRecord[]): TushareRecord[] {
  return tradedDays(records).map((record) => ({
    ts_code: tsCodeOf(record.code!),
    trade_date: compact(record.date!),
    close: record.close!,
    turnover_rate: record.turn ?? '',
    pe_ttm: record.peTTM ?? '',
    pb: record.pbMRQ ?? '',
    ps_ttm: record.psTTM ?? '',
  }));
}

/** Baostock's cumulative backward factor on `day`: that of the latest event on or before it, 1 before the first. */
function backFactorOn(events: BaostockRecord[], day: string): string {
  let factor = '1';
  for (const event of events) if (event.dividOperateDate! <= day) factor = event.backAdjustFactor!;
  return factor;
}

/**
 * Tushare `adj_factor` rows for `days`: the store's factor is cumulative and backward, price × factor being the
 * backward-adjusted price, which is Baostock's `backAdjustFactor` of the latest event (dividOperateDate) on or
 * before the day, and 1 before the first. Forward prices then come out as Baostock's own (its forward factor
 * is the backward one over the latest). Sources count from different bases: when the store holds a factor of
 * an earlier day (`continueFrom`, from another source or run), Baostock's are scaled to continue it, or the
 * series would jump by the ratio of the bases there.
 */
export function factorRecords(
  tsCode: string,
  events: BaostockRecord[],
  days: readonly string[],
  continueFrom: { date: string; factor: number } | null = null,
): TushareRecord[] {
  const steps = [...events].sort((a, b) => a.dividOperateDate!.localeCompare(b.dividOperateDate!));
  const scale = continueFrom === null ? 1 : continueFrom.factor / Number(backFactorOn(steps, continueFrom.date));
  return [...days].sort().map((day) => {
    const factor = backFactorOn(steps, day);
    return {
      ts_code: tsCode,
      trade_date: compact(day),
      adj_factor: scale === 1 ? factor : String(Number((Number(factor) * scale).toPrecision(12))),
    };
  });
}

/**
 * The report period a payout plan announced on `announced` (YYYY-MM-DD) belongs to, which Baostock does not
 * give (it files plans under the year they were announced in): a plan of January to June pays out the year
 * before (the annual report is due by April 30), one of July to September the half year (due by August 31),
 * one of October to December the third quarter. A rule of thumb, exact for the usual calendar of reports.
 */
export function reportPeriodOf(announced: string): string {
  const [year, month] = [Number(announced.slice(0, 4)), Number(announced.slice(5, 7))];
  if (month <= 6) return `${year - 1}1231`;
  return month <= 9 ? `${year}0630` : `${year}0930`;
}

/** The first number of a text such as `0.288或0.32` (Baostock's after-tax cash per share by holding period). */
const firstNumber = (text: string | undefined) => /^\d+(\.\d+)?/.exec(text ?? '')?.[0] ?? '';

/** The sum of two decimal texts (an empty one counts nothing; both empty, empty). */
function sum(a: string | undefined, b: string | undefined): string {
  if (!a && !b) return '';
  return String(Number((Number(a || 0) + Number(b || 0)).toFixed(8)));
}

/**
 * Tushare `dividend` rows from Baostock's payout records (query_dividend_data): one row per plan, implemented
 * (`实施`) once it has an ex-date, else a plan (`预案`); cash per share before tax (`cash_div_tax`) and after it
 * (`cash_div`, the first of Baostock's rates by holding period), bonus and converted shares per share, the
 * dates of record, ex, payment, listing and the announcements; the report period by `reportPeriodOf`. A
 * record without its plan's announcement date has no key and is left out.
 */
export function dividendRecords(records: BaostockRecord[]): TushareRecord[] {
  return records
    .filter((record) => (record.dividPlanAnnounceDate ?? '') !== '')
    .map((record) => ({
      ts_code: tsCodeOf(record.code!),
      end_date: reportPeriodOf(record.dividPlanAnnounceDate!),
      ann_date: compact(record.dividPlanAnnounceDate!),
      div_proc: (record.dividOperateDate ?? '') === '' ? '预案' : '实施',
      stk_div: sum(record.dividStocksPs, record.dividReserveToStockPs),
      stk_bo_rate: record.dividStocksPs ?? '',
      stk_co_rate: record.dividReserveToStockPs ?? '',
      cash_div: firstNumber(record.dividCashPsAfterTax),
      cash_div_tax: record.dividCashPsBeforeTax ?? '',
      record_date: compact(record.dividRegistDate ?? ''),
      ex_date: compact(record.dividOperateDate ?? ''),
      pay_date: compact(record.dividPayDate ?? ''),
      div_listdate: compact(record.dividStockMarketDate ?? ''),
      imp_ann_date: compact(record.dividPlanDate ?? ''),
    }));
}

/** Tushare `trade_cal` rows (the SSE calendar serves all three exchanges), each with the open day before it among them. */
export function calendarRecords(records: BaostockRecord[]): TushareRecord[] {
  let previousOpen = '';
  return [...records]
    .sort((a, b) => a.calendar_date!.localeCompare(b.calendar_date!))
    .map((record) => {
      const row = {
        exchange: 'SSE',
        cal_date: compact(record.calendar_date!),
        is_open: record.is_trading_day!,
        pretrade_date: previousOpen,
      };
      if (record.is_trading_day === '1') previousOpen = compact(record.calendar_date!);
      return row;
    });
}
