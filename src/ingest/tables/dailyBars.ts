import { toSqlDateTime } from '../../domain/time/dates';
import { DAILY_BARS } from '../../domain/tables/marketLayouts';
import { columnsOf } from '../../domain/tables/tableLayout';
import type { TableLoad } from '../loaderTypes';
import { withStoredTurnover } from './turnover';
import { layoutLoad, layoutRow } from './layoutRows';

/**
 * Tushare `daily` and `index_daily` (same columns and units, from the bar registry src/domain/market/dailyBarColumns.ts:
 * vol in lots, amount in thousand yuan → yuan); a file lacking any of them is refused.
 * `published_at` is when the bar was first loaded (UTC); a reload keeps it, so plan delays stay put.
 * `turnover` comes from daily_basic (see ./turnover).
 */
function dailyBarsOf(): TableLoad {
  const publishedAt = toSqlDateTime(new Date());
  return layoutLoad(DAILY_BARS, 'market', {
    columns: columnsOf(DAILY_BARS),
    keep: ['published_at'],
    toRow: (values) => Object.assign(layoutRow(DAILY_BARS, values), { published_at: publishedAt }),
    beforeWrite: withStoredTurnover,
  });
}

export const daily = async (): Promise<TableLoad> => dailyBarsOf();
export const indexDaily = daily;
