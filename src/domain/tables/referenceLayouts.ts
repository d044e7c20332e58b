import { TUSHARE_POWERS } from './tushareUnits';
import { col, required, tableLayout } from './tableLayout';

/** The reference tables: securities, their names and profiles, index weights, Shenwan industries. */

/** Stocks and indices; Tushare's `stock_basic` and `index_basic` read it by kind (an index's `exp_date` is `delist_date`). */
export const SECURITIES = tableLayout({
  table: 'securities',
  key: ['ts_code'],
  columns: {
    ts_code: required(col.code()),
    symbol: col.text(),
    name: required(col.text()),
    area: col.text(),
    industry: col.text(),
    fullname: col.text(),
    enname: col.text(),
    cnspell: col.text(),
    market: col.text(),
    exchange: col.text(),
    curr_type: col.text(),
    list_status: col.text(),
    list_date: col.date(),
    delist_date: col.date(),
    is_hs: col.text(),
    act_name: col.text(),
    act_ent_type: col.text(),
    kind: col.text(),
  },
});

export const NAME_CHANGES = tableLayout({
  table: 'name_changes',
  key: ['ts_code', 'start_date'],
  columns: {
    ts_code: required(col.code()),
    name: required(col.text()),
    start_date: required(col.date()),
    end_date: col.date(),
    ann_date: col.date(),
    change_reason: col.text(),
  },
});

/** `stock_company`: the company's profile; the exchange is the security's. */
export const COMPANY_PROFILES = tableLayout({
  table: 'company_profiles',
  key: ['ts_code'],
  columns: {
    ts_code: required(col.code()),
    com_name: col.text(),
    chairman: col.text(),
    manager: col.text(),
    secretary: col.text(),
    reg_capital: col.number(TUSHARE_POWERS.stock_company.reg_capital),
    setup_date: col.date(),
    province: col.text(),
    city: col.text(),
    introduction: col.text(),
    website: col.text(),
    email: col.text(),
    office: col.text(),
    employees: col.integer(),
    main_business: col.text(),
    business_scope: col.text(),
  },
});

export const INDEX_WEIGHTS = tableLayout({
  table: 'index_weights',
  key: ['index_code', 'trade_date', 'con_code'],
  columns: {
    index_code: required(col.code()),
    con_code: required(col.code()),
    trade_date: required(col.date()),
    weight: col.number(),
  },
});

export const INDUSTRY_CLASSES = tableLayout({
  table: 'industry_classes',
  key: ['index_code'],
  columns: {
    index_code: required(col.text()),
    industry_name: required(col.text()),
    level: required(col.level()),
    industry_code: required(col.text()),
    is_pub: col.text(),
    parent_code: col.text(),
    src: col.text(),
  },
});

/** A stock's membership of a level-3 industry from `in_date` to `out_date` (null while current). */
export const INDUSTRY_MEMBERS = tableLayout({
  table: 'industry_members',
  key: ['ts_code', 'l3_code', 'in_date'],
  columns: {
    l1_code: required(col.text()),
    l1_name: required(col.text()),
    l2_code: required(col.text()),
    l2_name: required(col.text()),
    l3_code: required(col.text()),
    l3_name: required(col.text()),
    ts_code: required(col.code()),
    name: col.text(),
    in_date: required(col.date()),
    out_date: col.date(),
  },
});

/**
 * Tushare `ths_index`: Tonghuashun's boards — concept (`N`), industry (`I`), region (`R`), special (`S`), style
 * (`ST`), theme (`TH`) and broad (`BB`) — with their member count, market (`A`, `HK`, `US`) and listing date.
 */
export const CONCEPT_BOARDS = tableLayout({
  table: 'concept_boards',
  key: ['ts_code'],
  columns: {
    ts_code: required(col.text()),
    name: required(col.text()),
    count: col.integer(),
    exchange: col.text(),
    list_date: col.date(),
    type: col.text(),
  },
});

/** Tushare `ths_member`: a board's members, `is_new` Y while current (Tonghuashun gives no weights or dates yet). */
export const CONCEPT_MEMBERS = tableLayout({
  table: 'concept_members',
  key: ['ts_code', 'con_code'],
  columns: {
    ts_code: required(col.text()),
    con_code: required(col.text()),
    con_name: col.text(),
    weight: col.number(),
    in_date: col.date(),
    out_date: col.date(),
    is_new: col.text(),
  },
});
