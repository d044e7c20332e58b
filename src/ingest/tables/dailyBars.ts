import { toSqlDateTime } from '../../domain/dates';
import { TUSHARE_POWERS } from '../../domain/tushareUnits';
import type { TableLoad } from '../loaderTypes';
import { withStoredTurnover } from './turnover';
import { num, requiredDate, tsCode } from './fieldParsers';

const COLUMNS = ['ts_code', 'trade_date', 'open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_chg', 'vol', 'amount'];

/**
 * Tushare `daily` and `index_daily` (same columns and units: vol in lots, amount in thousand yuan → yuan).
 * `published_at` is when the bar was first loaded (UTC); a reload keeps it, so plan delays stay put.
 * `turnover` comes from daily_basic (see ./turnover).
 */
function dailyBarsOf(): TableLoad {
  const publishedAt = toSqlDateTime(new Date());
  return {
    table: 'daily_bars',
    key: ['ts_code', 'trade_date'],
    columns: COLUMNS,
    dataset: 'market',
    keep: ['published_at'],
    toRow: (values) => ({
      ts_code: tsCode(values),
      trade_date: requiredDate(values, 'trade_date'),
      open: num(values, 'open'),
      high: num(values, 'high'),
      low: num(values, 'low'),
      close: num(values, 'close'),
      pre_close: num(values, 'pre_close'),
      change: num(values, 'change'),
      pct_chg: num(values, 'pct_chg'),
      vol: num(values, 'vol'),
      amount: num(values, 'amount', TUSHARE_POWERS.daily.amount),
      published_at: publishedAt,
    }),
    beforeWrite: withStoredTurnover,
  };
}

export const daily = async (): Promise<TableLoad> => dailyBarsOf();
export const indexDaily = daily;
