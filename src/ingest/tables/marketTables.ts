import type { TableLoad } from '../loaderTypes';
import { TUSHARE_POWERS } from '../../domain/tushareUnits';
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

/** Tushare `daily_basic`: shares in 10,000 shares and market values in 10,000 yuan → shares and yuan. */
export const dailyBasic: TableLoad = {
  table: 'daily_basic',
  key: ['ts_code', 'trade_date'],
  columns: ['ts_code', 'trade_date'],
  dataset: 'market',
  toRow: (values) => ({
    ts_code: tsCode(values),
    trade_date: requiredDate(values, 'trade_date'),
    close: num(values, 'close'),
    turnover_rate: num(values, 'turnover_rate'),
    turnover_rate_f: num(values, 'turnover_rate_f'),
    volume_ratio: num(values, 'volume_ratio'),
    pe: num(values, 'pe'),
    pe_ttm: num(values, 'pe_ttm'),
    pb: num(values, 'pb'),
    ps: num(values, 'ps'),
    ps_ttm: num(values, 'ps_ttm'),
    dv_ratio: num(values, 'dv_ratio'),
    dv_ttm: num(values, 'dv_ttm'),
    total_share: num(values, 'total_share', TUSHARE_POWERS.daily_basic.total_share),
    float_share: num(values, 'float_share', TUSHARE_POWERS.daily_basic.float_share),
    free_share: num(values, 'free_share', TUSHARE_POWERS.daily_basic.free_share),
    total_mv: num(values, 'total_mv', TUSHARE_POWERS.daily_basic.total_mv),
    circ_mv: num(values, 'circ_mv', TUSHARE_POWERS.daily_basic.circ_mv),
  }),
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
