import { BSE_CODE_SWITCH_DATE } from '../domain/reference/codeChanges';
import { isPublishedIndexCode, isStandardCode } from '../domain/reference/symbols';
import { DIVIDENDS } from '../domain/tables/eventLayouts';
import {
  COMPANY_PROFILES,
  CONCEPT_BOARDS,
  CONCEPT_MEMBERS,
  INDUSTRY_CLASSES,
  INDUSTRY_MEMBERS,
  NAME_CHANGES,
} from '../domain/tables/referenceLayouts';
import { columnsOf } from '../domain/tables/tableLayout';
import type { TableLoad } from './loaderTypes';
import { date, int, num, required, requiredDate, text, tsCode } from './fieldParsers';
import { layoutLoad, layoutRow } from './layoutRows';
import { securityIdentity } from './securityRows';
import { latestUpdateFlag } from './updateFlags';
import { coalescedSameKey } from './coalescedRows';

/**
 * Tushare `index_basic` → securities of kind `index`: the exchanges' indices (`.SH`, `.SZ`, `.BJ`) and the
 * publishers' own families, Shenwan's (`.SI`, market SW) and CSI's (`.CSI`), their `exchange` the publisher
 * (listingOf). Other markets' codes (MSCI `.MI`, CICC `.CIC`…) have no symbol form here and are skipped.
 */
export const indexBasic: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  columns: ['ts_code', 'name'],
  dataset: 'reference',
  toRow(values) {
    const code = required(values, 'ts_code');
    if (!isStandardCode(code) && !isPublishedIndexCode(code)) return null;
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

/**
 * Tushare `namechange`: the names a security has had. Tushare sends some changes twice, once without its end
 * date (tushare #895, #1647: 000005.SZ 世纪星源 from 20080625, ended None and 20210505): they are one name.
 */
export const nameChange: TableLoad = layoutLoad(
  NAME_CHANGES,
  'reference',
  coalescedSameKey(NAME_CHANGES.table, NAME_CHANGES.key, ['end_date', 'ann_date']),
);

/**
 * Tushare `dividend`: one row per stage of a period's payout plan; amounts in yuan per share. Tushare repeats
 * rows of one stage (its users' long-standing complaint): one row per event and stage stays, the latest
 * `update_flag` (rights issues are another API, `rights_issue`, and never land here).
 */
export const dividend: TableLoad = layoutLoad(DIVIDENDS, 'events', {
  toRow: (values) => ({ ...layoutRow(DIVIDENDS, values), update_flag: int(values, 'update_flag') ?? 0 }),
  ...latestUpdateFlag('dividends', DIVIDENDS.key),
});

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
    return {
      old_code: oldCode,
      new_code: newCode,
      change_date: requiredDate(values, 'change_date'),
      reason: text(values, 'reason'),
    };
  },
};

/**
 * Tushare `bse_mapping` (doc 375): a Beijing Stock Exchange stock's old code (`o_code`, 43/83/87xxxx) and the
 * 920xxx code it has traded under since the switch, as a code change: one series under either code.
 */
export const bseMapping: TableLoad = {
  table: 'code_changes',
  key: ['old_code', 'change_date'],
  columns: ['o_code', 'n_code'],
  dataset: 'reference',
  toRow(values) {
    const name = text(values, 'name');
    return {
      old_code: tsCode(values, 'o_code'),
      new_code: tsCode(values, 'n_code'),
      change_date: BSE_CODE_SWITCH_DATE,
      reason: `BSE 920 code segment${name === null ? '' : ` (${name})`}`,
    };
  },
};

/** Tushare `stock_company`: the listed company's profile; reg_capital in 10,000 yuan → yuan. */
export const stockCompany: TableLoad = layoutLoad(COMPANY_PROFILES, 'reference', {
  toRow: (values) => {
    const employees = num(values, 'employees');
    // Upstream sends the count as a float (1234.0).
    return {
      ...layoutRow(
        COMPANY_PROFILES,
        values,
        columnsOf(COMPANY_PROFILES).filter((name) => name !== 'employees'),
      ),
      employees: employees === null ? null : Math.round(employees),
    };
  },
});

/** Tushare `index_classify`: Shenwan industries with their level and parent. */
export const indexClassify: TableLoad = layoutLoad(INDUSTRY_CLASSES, 'reference');

/**
 * Tushare `index_member_all`: a stock's membership of a level-3 Shenwan industry (with its level-1 and -2
 * parents) from `in_date` to `out_date`. Sync asks for `is_new=Y` and `is_new=N`: the current members alone
 * would lose every past membership. A current member (`is_new=Y`) has no out_date.
 */
export const indexMemberAll: TableLoad = layoutLoad(INDUSTRY_MEMBERS, 'reference', {
  toRow(values) {
    const row = layoutRow(INDUSTRY_MEMBERS, values);
    const outDate = text(values, 'is_new') === 'Y' ? null : (row.out_date ?? null);
    if (outDate !== null && String(outDate) < String(row.in_date))
      throw new Error(`out_date ${outDate} is before in_date ${row.in_date}`);
    return { ...row, out_date: outDate };
  },
});

/** Tushare `ths_index`: Tonghuashun's boards as sent. */
export const thsIndex: TableLoad = layoutLoad(CONCEPT_BOARDS, 'reference');

/** Tushare `ths_member`: a board's members as sent. */
export const thsMember: TableLoad = layoutLoad(CONCEPT_MEMBERS, 'reference');
