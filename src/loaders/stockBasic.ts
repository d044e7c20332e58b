import type { TableLoad } from './loaderTypes';
import { date, required, text, tsCode } from './fieldParsers';
import { securityIdentity } from './securityRows';

/** Tushare `stock_basic`: one listed, suspended or delisted stock per row. */
export const stockBasic: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  columns: ['ts_code', 'name'],
  dataset: 'reference',
  toRow(values) {
    const code = tsCode(values);
    const name = required(values, 'name');
    const listStatus = text(values, 'list_status') ?? 'L';
    if (!['L', 'P', 'D'].includes(listStatus)) throw new Error(`invalid list_status: ${listStatus}`);
    return {
      ...securityIdentity(code, 'stock', name, text(values, 'cnspell') ?? undefined),
      fullname: text(values, 'fullname'),
      enname: text(values, 'enname'),
      market: text(values, 'market'),
      industry: text(values, 'industry'),
      area: text(values, 'area'),
      curr_type: text(values, 'curr_type'),
      list_date: date(values, 'list_date'),
      delist_date: date(values, 'delist_date'),
      list_status: listStatus,
      is_hs: text(values, 'is_hs'),
      act_name: text(values, 'act_name'),
      act_ent_type: text(values, 'act_ent_type'),
    };
  },
};
