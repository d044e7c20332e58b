import { col, required, tableLayout } from './tableLayout';

/** The event tables: halts, payouts, announcements, the report schedule. */

/** `suspend_d`: a halted day (`S`) or a resumption day (`R`); its market time is the day's close. */
export const TRADING_HALTS = tableLayout({
  table: 'trading_halts',
  key: ['ts_code', 'trade_date', 'suspend_type'],
  columns: {
    ts_code: required(col.code()),
    trade_date: required(col.date()),
    suspend_timing: col.text(),
    suspend_type: required(col.text()),
  },
  marketTime: { column: 'trade_date', clock: 'daily' },
});

/** `dividend`: one row per stage of a period's payout plan, amounts in yuan per share. */
export const DIVIDENDS = tableLayout({
  table: 'dividends',
  key: ['ts_code', 'end_date', 'div_proc'],
  columns: {
    ts_code: required(col.code()),
    end_date: required(col.date()),
    ann_date: col.date(),
    div_proc: required(col.text()),
    stk_div: col.number(),
    stk_bo_rate: col.number(),
    stk_co_rate: col.number(),
    cash_div: col.number(),
    cash_div_tax: col.number(),
    record_date: col.date(),
    ex_date: col.date(),
    pay_date: col.date(),
    div_listdate: col.date(),
    imp_ann_date: col.date(),
  },
});

/** `anns_d`; the row's id is the store's own (a hash of what identifies the announcement); `name` the name of the day. */
export const ANNOUNCEMENTS = tableLayout({
  table: 'announcements',
  key: ['id'],
  columns: {
    ann_date: required(col.date()),
    ts_code: required(col.code()),
    name: col.text(),
    title: required(col.text()),
    url: col.text(),
    rec_time: col.datetime(),
    id: col.text(),
  },
});

/** `disclosure_date`: the exchanges' schedule of periodic reports (`modify_date` as Tushare sends it). */
export const DISCLOSURE_DATES = tableLayout({
  table: 'disclosure_dates',
  key: ['ts_code', 'end_date'],
  columns: {
    ts_code: required(col.code()),
    ann_date: col.date(),
    end_date: required(col.date()),
    pre_date: col.date(),
    actual_date: col.date(),
    modify_date: col.text(),
  },
});
