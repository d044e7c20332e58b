import { toSqlDateTime } from '../../domain/dates';
import { DAILY_BAR_COLUMNS, DAILY_BAR_FIELDS } from '../../domain/dailyBarColumns';
import type { Row, TableLoad } from '../loaderTypes';
import { withStoredTurnover } from './turnover';
import { num, requiredDate, tsCode } from './fieldParsers';

const COLUMNS = ['ts_code', 'trade_date', ...DAILY_BAR_FIELDS];

/**
 * Tushare `daily` and `index_daily` (same columns and units, from the bar registry src/domain/dailyBarColumns.ts:
 * vol in lots, amount in thousand yuan → yuan).
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
    toRow: (values) => {
      const row: Row = { ts_code: tsCode(values), trade_date: requiredDate(values, 'trade_date') };
      for (const column of DAILY_BAR_FIELDS) row[column] = num(values, column, DAILY_BAR_COLUMNS[column]);
      row.published_at = publishedAt;
      return row;
    },
    beforeWrite: withStoredTurnover,
  };
}

export const daily = async (): Promise<TableLoad> => dailyBarsOf();
export const indexDaily = daily;
