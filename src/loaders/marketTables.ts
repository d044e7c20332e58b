import { ADJ_FACTORS, DAILY_BASIC, TRADE_CALENDAR } from '../domain/tables/marketLayouts';
import { INDEX_WEIGHTS } from '../domain/tables/referenceLayouts';
import type { TableLoad } from './loaderTypes';
import { fillTurnover } from './turnover';
import { layoutLoad, layoutRow } from './layoutRows';

/** Tushare `trade_cal`: one row per exchange and calendar day; `is_open` 0 or 1, stored as a boolean. */
export const tradeCal: TableLoad = layoutLoad(TRADE_CALENDAR, 'reference', {
  toRow(values) {
    const row = layoutRow(TRADE_CALENDAR, values);
    if (row.is_open !== 0 && row.is_open !== 1) throw new Error(`is_open must be 0 or 1: ${values.is_open}`);
    return { ...row, is_open: row.is_open === 1 };
  },
});

/** Tushare `adj_factor`: the cumulative adjustment factor per stock and day. */
export const adjFactor: TableLoad = layoutLoad(ADJ_FACTORS, 'market');

/** Tushare `daily_basic`: its fields and units from the table's registry (shares and market values in 10,000s → shares and yuan). */
export const dailyBasic: TableLoad = layoutLoad(DAILY_BASIC, 'market', {
  afterLoad: (trx, loaded) => fillTurnover(trx, loaded.firstDate!, loaded.lastDate!),
});

/** Tushare `index_weight`: constituents of an index and their weights (percent) on a date. */
export const indexWeight: TableLoad = layoutLoad(INDEX_WEIGHTS, 'reference');
