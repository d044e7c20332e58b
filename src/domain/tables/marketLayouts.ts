import { DAILY_BAR_COLUMNS, DAILY_BAR_FIELDS, type DailyBarColumn } from './dailyBarColumns';
import { dailyBasicPower, TUSHARE_DAILY_BASIC_ORDER, type ValuationField } from './dailyBasicColumns';
import { col, required, tableLayout, type ColumnLayout } from './tableLayout';

/** The market tables: bars, factors, valuations, the calendar. A daily row's market time is its trade date's close. */

export const DAILY_BARS = tableLayout({
  table: 'daily_bars',
  key: ['ts_code', 'trade_date'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    ...(Object.fromEntries(DAILY_BAR_FIELDS.map((field) => [field, col.number(DAILY_BAR_COLUMNS[field])])) as Record<
      DailyBarColumn,
      ColumnLayout
    >),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

export const ADJ_FACTORS = tableLayout({
  table: 'adj_factors',
  key: ['ts_code', 'trade_date'],
  columns: { ts_code: required(col.code()), trade_date: required(col.date()), adj_factor: required(col.number()) },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/** `daily_basic`: its valuation columns from their registry (src/domain/market/dailyBasicColumns.ts), in Tushare's order. */
export const DAILY_BASIC = tableLayout({
  table: 'daily_basic',
  key: ['ts_code', 'trade_date'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    ...(Object.fromEntries(
      TUSHARE_DAILY_BASIC_ORDER.map((field) => [field, col.number(dailyBasicPower(field))]),
    ) as Record<'close' | ValuationField, ColumnLayout>),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/**
 * Each security's state of a day as the audit computes it (src/domain/quality/dayStates.ts): this service's own
 * table, not a Tushare api's, its prices in yuan.
 */
export const DAY_STATES = tableLayout({
  table: 'day_states',
  key: ['ts_code', 'trade_date'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    name: col.text(),
    risk_warning: col.text(),
    limit_up: col.number(),
    limit_down: col.number(),
    limit_source: col.text(),
    limit_move: col.text(),
    limit_streak: col.integer(),
    listing_session: col.integer(),
    suspended: col.integer(),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/** One-minute bars, labelled by their minute's end (Beijing); `vol` in shares and `amount` in yuan, as Tushare's `stk_mins`. */
export const INTRADAY_BARS = tableLayout({
  table: 'intraday_bars',
  key: ['ts_code', 'trade_time'],
  columns: {
    ts_code: required(col.code()),
    trade_time: required(col.datetime()),
    close: col.number(),
    open: col.number(),
    high: col.number(),
    low: col.number(),
    vol: col.number(),
    amount: col.number(),
  },
  marketTime: { column: 'trade_time', clock: 'minute' },
});

/**
 * Five-minute bars, Tushare `stk_mins` with freq=5min in layout and units (bar end time, vol in shares, amount in
 * yuan): Baostock's free history since 1999 (`sync baostock --datasets minutes`), kept whole (no minute
 * retention), which minute klines of five minutes and more read where the one-minute bars have none.
 */
export const FIVE_MINUTE_BARS = tableLayout({ ...INTRADAY_BARS, table: 'five_minute_bars' });

export const TRADE_CALENDAR = tableLayout({
  table: 'trade_calendar',
  key: ['exchange', 'cal_date'],
  columns: {
    exchange: required(col.text()),
    cal_date: required(col.date()),
    is_open: required(col.integer()),
    pretrade_date: col.date(),
  },
});
