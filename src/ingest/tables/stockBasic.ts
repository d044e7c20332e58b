import { cnspellOf } from '../../domain/cnspell';
import { exchangeOfStandard } from '../../domain/symbols';
import type { TableLoad } from '../loadTable';
import { date, required, text } from './fieldParsers';

const STANDARD_CODE = /^\d{6}\.(SH|SZ|BJ)$/;

/** Tushare `stock_basic`: one listed, suspended or delisted stock per row. */
export const stockBasic: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  toRow(values) {
    const tsCode = required(values, 'ts_code');
    if (!STANDARD_CODE.test(tsCode)) throw new Error(`invalid ts_code: ${tsCode}`);
    const name = required(values, 'name');
    const listStatus = text(values, 'list_status') ?? 'L';
    if (!['L', 'P', 'D'].includes(listStatus)) throw new Error(`invalid list_status: ${listStatus}`);
    return {
      ts_code: tsCode,
      symbol: tsCode.slice(0, 6),
      kind: 'stock',
      name,
      fullname: text(values, 'fullname'),
      enname: text(values, 'enname'),
      cnspell: text(values, 'cnspell') ?? cnspellOf(name),
      exchange: exchangeOfStandard(tsCode),
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
