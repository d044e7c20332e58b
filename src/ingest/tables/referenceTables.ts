import { isStandardCode } from '../../domain/symbols';
import type { TableLoad } from '../loadTable';
import { date, num, required, requiredDate, text, tsCode } from './fieldParsers';
import { securityIdentity } from './securityRows';

/**
 * Tushare `index_basic` → securities of kind `index`. Only indices with an exchange code (`.SH`, `.SZ`,
 * `.BJ`) are kept: the API's symbols have no form for `.CSI` or `.SI` codes.
 */
export const indexBasic: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  columns: ['ts_code', 'name'],
  dataset: 'reference',
  toRow(values) {
    const code = required(values, 'ts_code');
    if (!isStandardCode(code)) return null;
    const name = required(values, 'name');
    return {
      ...securityIdentity(code, 'index', name),
      fullname: text(values, 'fullname'),
      market: text(values, 'market'),
      list_date: date(values, 'list_date'),
      delist_date: date(values, 'exp_date'),
      list_status: 'L',
    };
  },
};

/** Tushare `namechange`: the names a security has had. */
export const nameChange: TableLoad = {
  table: 'name_changes',
  key: ['ts_code', 'start_date'],
  columns: ['ts_code', 'name', 'start_date'],
  dataset: 'reference',
  toRow: (values) => ({
    ts_code: tsCode(values),
    start_date: requiredDate(values, 'start_date'),
    end_date: date(values, 'end_date'),
    ann_date: date(values, 'ann_date'),
    name: required(values, 'name'),
    change_reason: text(values, 'change_reason'),
  }),
};

/** Tushare `dividend`: one row per stage of a period's payout plan; amounts in yuan per share. */
export const dividend: TableLoad = {
  table: 'dividends',
  key: ['ts_code', 'end_date', 'div_proc'],
  columns: ['ts_code', 'end_date', 'div_proc'],
  dataset: 'events',
  toRow: (values) => ({
    ts_code: tsCode(values),
    end_date: requiredDate(values, 'end_date'),
    div_proc: required(values, 'div_proc'),
    ann_date: date(values, 'ann_date'),
    stk_div: num(values, 'stk_div'),
    stk_bo_rate: num(values, 'stk_bo_rate'),
    stk_co_rate: num(values, 'stk_co_rate'),
    cash_div: num(values, 'cash_div'),
    cash_div_tax: num(values, 'cash_div_tax'),
    record_date: date(values, 'record_date'),
    ex_date: date(values, 'ex_date'),
    pay_date: date(values, 'pay_date'),
    div_listdate: date(values, 'div_listdate'),
    imp_ann_date: date(values, 'imp_ann_date'),
  }),
};
