import { TUSHARE_POWERS } from '../../domain/tushareUnits';
import { isStandardCode } from '../../domain/symbols';
import type { TableLoad } from '../loaderTypes';
import { date, int, num, required, requiredDate, text, tsCode } from './fieldParsers';
import { securityIdentity } from './securityRows';
import { latestUpdateFlag } from './updateFlags';

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

const DIVIDEND_KEY = ['ts_code', 'end_date', 'div_proc'];

/**
 * Tushare `dividend`: one row per stage of a period's payout plan; amounts in yuan per share. Tushare repeats
 * rows of one stage (its users' long-standing complaint): one row per event and stage stays, the latest
 * `update_flag` (rights issues are another API, `rights_issue`, and never land here).
 */
export const dividend: TableLoad = {
  table: 'dividends',
  key: DIVIDEND_KEY,
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
    update_flag: int(values, 'update_flag') ?? 0,
  }),
  ...latestUpdateFlag('dividends', DIVIDEND_KEY),
};

/**
 * `code_change.csv` (this project's layout, Tushare has no such API): `old_code,new_code,change_date,reason`,
 * standard codes and `YYYYMMDD`: the security traded as `old_code` until the day before `change_date`.
 */
export const codeChange: TableLoad = {
  table: 'code_changes',
  key: ['old_code', 'change_date'],
  columns: ['old_code', 'new_code', 'change_date'],
  dataset: 'reference',
  toRow(values) {
    const oldCode = tsCode(values, 'old_code');
    const newCode = tsCode(values, 'new_code');
    if (oldCode === newCode) throw new Error(`old_code and new_code are the same: ${oldCode}`);
    return { old_code: oldCode, new_code: newCode, change_date: requiredDate(values, 'change_date'), reason: text(values, 'reason') };
  },
};

/** Tushare `stock_company`: the listed company's profile; reg_capital in 10,000 yuan → yuan. */
export const stockCompany: TableLoad = {
  table: 'company_profiles',
  key: ['ts_code'],
  columns: ['ts_code'],
  dataset: 'reference',
  toRow: (values) => {
    const employees = num(values, 'employees');
    return {
      ts_code: tsCode(values),
      com_name: text(values, 'com_name'),
      chairman: text(values, 'chairman'),
      manager: text(values, 'manager'),
      secretary: text(values, 'secretary'),
      reg_capital: num(values, 'reg_capital', TUSHARE_POWERS.stock_company.reg_capital),
      setup_date: date(values, 'setup_date'),
      province: text(values, 'province'),
      city: text(values, 'city'),
      introduction: text(values, 'introduction'),
      website: text(values, 'website'),
      email: text(values, 'email'),
      office: text(values, 'office'),
      // Upstream sends the count as a float (1234.0).
      employees: employees === null ? null : Math.round(employees),
      main_business: text(values, 'main_business'),
      business_scope: text(values, 'business_scope'),
    };
  },
};

/** `L1`..`L3` (Tushare) or `1`..`3` → the level number. */
function industryLevel(values: Record<string, string>): number {
  const level = required(values, 'level').replace(/^L/i, '');
  if (!['1', '2', '3'].includes(level)) throw new Error(`level must be L1, L2 or L3: ${values.level}`);
  return Number(level);
}

/** Tushare `index_classify`: Shenwan industries with their level and parent. */
export const indexClassify: TableLoad = {
  table: 'industry_classes',
  key: ['index_code'],
  columns: ['index_code', 'industry_name', 'level', 'industry_code'],
  dataset: 'reference',
  toRow: (values) => ({
    index_code: required(values, 'index_code'),
    industry_name: required(values, 'industry_name'),
    parent_code: text(values, 'parent_code'),
    level: industryLevel(values),
    industry_code: required(values, 'industry_code'),
    src: text(values, 'src'),
  }),
};

/**
 * Tushare `index_member_all`: a stock's membership of a level-3 Shenwan industry (with its level-1 and -2
 * parents) from `in_date` to `out_date`. Sync asks for `is_new=Y` and `is_new=N`: the current members alone
 * would lose every past membership. A current member (`is_new=Y`) has no out_date.
 */
export const indexMemberAll: TableLoad = {
  table: 'industry_members',
  key: ['ts_code', 'l3_code', 'in_date'],
  columns: ['ts_code', 'l1_code', 'l1_name', 'l2_code', 'l2_name', 'l3_code', 'l3_name', 'in_date'],
  dataset: 'reference',
  toRow(values) {
    const current = text(values, 'is_new') === 'Y';
    const inDate = requiredDate(values, 'in_date');
    const outDate = current ? null : date(values, 'out_date');
    if (outDate !== null && outDate < inDate) throw new Error(`out_date ${outDate} is before in_date ${inDate}`);
    return {
      ts_code: tsCode(values),
      l1_code: required(values, 'l1_code'),
      l1_name: required(values, 'l1_name'),
      l2_code: required(values, 'l2_code'),
      l2_name: required(values, 'l2_name'),
      l3_code: required(values, 'l3_code'),
      l3_name: required(values, 'l3_name'),
      in_date: inDate,
      out_date: outDate,
    };
  },
};
