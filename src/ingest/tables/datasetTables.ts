import {
  BLOCK_TRADES,
  HOLDER_COUNTS,
  LIMIT_LISTS,
  MARGIN_DETAILS,
  MARGIN_TOTALS,
  QUARTERLY_INDICATORS,
  MONEY_FLOWS,
  NORTHBOUND_HOLDINGS,
  TOP_FLOAT_HOLDERS,
  TOP_HOLDERS,
  TOP_LIST_SEATS,
  TOP_LISTS,
} from '../../domain/tables/datasetLayouts';
import type { TableLoad } from '../loaderTypes';
import { layoutLoad, layoutRow } from './layoutRows';

/** Tushare `moneyflow`: its registry's columns, amounts in 10,000 yuan → yuan. */
export const moneyflow: TableLoad = layoutLoad(MONEY_FLOWS, 'market');

/** Tushare `margin_detail`: its registry's columns, as sent (yuan, shares); Tushare's `name` is the security's. */
export const marginDetail: TableLoad = layoutLoad(MARGIN_DETAILS, 'market');

/** Tushare `hk_hold`: northbound rows (SH, SZ); southbound ones (HK, Hong Kong codes) are no A shares and are skipped. */
export const hkHold: TableLoad = layoutLoad(NORTHBOUND_HOLDINGS, 'market', {
  toRow: (values) => (values.exchange?.trim() === 'HK' ? null : layoutRow(NORTHBOUND_HOLDINGS, values)),
});

/** Tushare `limit_list_d`: its registry's columns as sent (the day's name is not stored). */
export const limitListD: TableLoad = layoutLoad(LIMIT_LISTS, 'market');

/** Tushare `block_trade`: volume in 10,000 shares → shares, value in 10,000 yuan → yuan. */
export const blockTrade: TableLoad = layoutLoad(BLOCK_TRADES, 'market');

/** Tushare `top_list`: yuan and percent as sent (the day's name is not stored). */
export const topList: TableLoad = layoutLoad(TOP_LISTS, 'market');

/** Tushare `top_inst`: yuan and percent as sent; `side` 0 or 1 as text. */
export const topInst: TableLoad = layoutLoad(TOP_LIST_SEATS, 'market');

/** Tushare `top10_holders`, `top10_floatholders` and `stk_holdernumber`: shares and percent as sent. */
export const top10Holders: TableLoad = layoutLoad(TOP_HOLDERS, 'financials');
export const top10FloatHolders: TableLoad = layoutLoad(TOP_FLOAT_HOLDERS, 'financials');
export const stkHolderNumber: TableLoad = layoutLoad(HOLDER_COUNTS, 'financials');

/** Tushare `margin`: each exchange's totals, yuan and shares as sent. */
export const margin: TableLoad = layoutLoad(MARGIN_TOTALS, 'market');

/** Baostock's quarterly indicators (`sync baostock --datasets financials`): decimals as sent. */
export const quarterlyIndicators: TableLoad = layoutLoad(QUARTERLY_INDICATORS, 'financials');
