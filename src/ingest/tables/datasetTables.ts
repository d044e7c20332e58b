import { MARGIN_DETAILS, MONEY_FLOWS } from '../../domain/tables/datasetLayouts';
import type { TableLoad } from '../loaderTypes';
import { layoutLoad } from './layoutRows';

/** Tushare `moneyflow`: its registry's columns, amounts in 10,000 yuan → yuan. */
export const moneyflow: TableLoad = layoutLoad(MONEY_FLOWS, 'market');

/** Tushare `margin_detail`: its registry's columns, as sent (yuan, shares); Tushare's `name` is the security's. */
export const marginDetail: TableLoad = layoutLoad(MARGIN_DETAILS, 'market');
