import type { Row, TableLoad } from '../loaderTypes';
import { dailyBasicPower, TUSHARE_DAILY_BASIC_ORDER } from '../../domain/dailyBasicColumns';
import { fillTurnover } from './turnover';
import { num, required, requiredDate, requiredNum, date, tsCode } from './fieldParsers';

/** Tushare `trade_cal`: one row per exchange and calendar day. */
export const tradeCal: TableLoad = {
  table: 'trade_calendar',
  key: ['exchange', 'cal_date'],
  columns: ['exchange', 'cal_date', 'is_open'],
  dataset: 'reference',
  toRow(values) {
    const isOpen = required(values, 'is_open');
    if (isOpen !== '0' && isOpen !== '1') throw new Error(`is_open must be 0 or 1: ${isOpen}`);
    return {
      exchange: required(values, 'exchange'),
      cal_date: requiredDate(values, 'cal_date'),
      is_open: isOpen === '1',
      pretrade_date: date(values, 'pretrade_date'),
    };
  },
};

/** Tushare `adj_factor`: the cumulative adjustment factor per stock and day. */
export const adjFactor: TableLoad = {
  table: 'adj_factors',
  key: ['ts_code', 'trade_date'],
  columns: ['ts_code', 'trade_date', 'adj_factor'],
  dataset: 'market',
  toRow: (values) => ({
    ts_code: tsCode(values),
    trade_date: requiredDate(values, 'trade_date'),
    adj_factor: requiredNum(values, 'adj_factor'),
  }),
};

/** Tushare `daily_basic`: its fields and units from the table's registry (shares and market values in 10,000s → shares and yuan). */
export const dailyBasic: TableLoad = {
  table: 'daily_basic',
  key: ['ts_code', 'trade_date'],
  columns: ['ts_code', 'trade_date'],
  dataset: 'market',
  toRow: (values) => {
    const row: Row = { ts_code: tsCode(values), trade_date: requiredDate(values, 'trade_date') };
    for (const field of TUSHARE_DAILY_BASIC_ORDER) row[field] = num(values, field, dailyBasicPower(field));
    return row;
  },
  afterLoad: (trx, loaded) => fillTurnover(trx, loaded.firstDate!, loaded.lastDate!),
};

/** Tushare `index_weight`: constituents of an index and their weights (percent) on a date. */
export const indexWeight: TableLoad = {
  table: 'index_weights',
  key: ['index_code', 'trade_date', 'con_code'],
  columns: ['index_code', 'con_code', 'trade_date', 'weight'],
  dataset: 'reference',
  toRow: (values) => ({
    index_code: tsCode(values, 'index_code'),
    trade_date: requiredDate(values, 'trade_date'),
    con_code: tsCode(values, 'con_code'),
    weight: num(values, 'weight'),
  }),
};
