import { DAILY_BAR_COLUMNS, DAILY_BAR_FIELDS } from '../../domain/dailyBarColumns';
import { dailyBasicPower, TUSHARE_DAILY_BASIC_ORDER } from '../../domain/dailyBasicColumns';
import { TUSHARE_POWERS } from '../../domain/tushareUnits';
import { kindSql } from '../common/securityFilters.repository';
import type { FieldSource, ParamFilter, TushareApi } from './tushare.types';

/**
 * Every api_name this service answers, in one table: where its rows come from, Tushare's fields in Tushare's
 * order with their units (TUSHARE_POWERS, the import's own), its parameters, order and documented row cap.
 * The main table is `t`; `s` is securities where joined.
 */

const text = (column: string): FieldSource => ({ column, kind: 'text' });
const number = (column: string, power = 0): FieldSource => ({ column, kind: 'number', power });
const date = (column: string): FieldSource => ({ column, kind: 'date' });
const integer = (column: string): FieldSource => ({ column, kind: 'integer' });

const codes = (column = 't.ts_code'): ParamFilter => ({ column, op: 'in', kind: 'code' });
const on = (column: string): ParamFilter => ({ column, op: 'eq', kind: 'date' });
const from = (column: string): ParamFilter => ({ column, op: 'gte', kind: 'date' });
const to = (column: string): ParamFilter => ({ column, op: 'lte', kind: 'date' });
const equals = (column: string): ParamFilter => ({ column, op: 'eq', kind: 'text' });

/** Tushare's `trade_date`, `start_date`, `end_date` on a table's trade date. */
const byTradeDate = { trade_date: on('t.trade_date'), start_date: from('t.trade_date'), end_date: to('t.trade_date') };
const SECURITY = { table: 'securities as s', on: ['s.ts_code', 't.ts_code'] as const };
const KIND = kindSql('t.ts_code', 's.kind');
const newestFirst = [['t.trade_date', 'desc'], ['t.ts_code', 'asc']] as const;
/** Daily market data: visible to a plan from its session's close plus the plan's daily delay. */
const ON_TRADE_DATE = { column: 't.trade_date', clock: 'daily' } as const;

/** `daily`, `index_daily`, `weekly`, `monthly`: one layout; amount in thousand yuan. */
const BAR_FIELDS = {
  ts_code: text('t.ts_code'), trade_date: date('t.trade_date'),
  ...Object.fromEntries(DAILY_BAR_FIELDS.map((column) => [column, number(`t.${column}`, DAILY_BAR_COLUMNS[column])])),
};
const STOCK_BARS: Omit<TushareApi, 'cap'> = { scope: 'market', table: 'daily_bars', joins: [SECURITY], whereRaw: [`${KIND} = 'stock'`], fields: BAR_FIELDS, params: { ts_code: codes(), ...byTradeDate }, order: newestFirst, marketTime: ON_TRADE_DATE };

/** The statements: the key columns, then every figure the table holds, then update_flag; announcement dates as Tushare filters them. */
const statement = (table: string, vip: boolean): TushareApi => ({
  scope: 'financials',
  table,
  fields: {
    ts_code: text('t.ts_code'), ann_date: date('t.ann_date'), f_ann_date: date('t.f_ann_date'), end_date: date('t.end_date'),
    report_type: text('t.report_type'), comp_type: text('t.comp_type'), end_type: text('t.end_type'),
  },
  valueColumnsOf: table,
  params: {
    ts_code: codes(), ann_date: on('t.ann_date'), f_ann_date: on('t.f_ann_date'), start_date: from('t.ann_date'), end_date: to('t.ann_date'),
    period: on('t.end_date'), report_type: equals('t.report_type'), comp_type: equals('t.comp_type'),
  },
  requiresOneOf: vip ? ['period', 'ann_date', 'f_ann_date', 'ts_code'] : ['ts_code'],
  order: [['t.ts_code', 'asc'], ['t.end_date', 'desc'], ['t.f_ann_date', 'desc']],
  cap: vip ? 10_000 : 8_000,
});

/** `daily_basic`'s fields in Tushare's order and units, from the table's registry. */
const VALUATION_FIELDS = Object.fromEntries(TUSHARE_DAILY_BASIC_ORDER.map((field) => [field, number(`t.${field}`, dailyBasicPower(field))]));

export const TUSHARE_APIS: Readonly<Record<string, TushareApi>> = {
  stock_basic: {
    scope: 'reference',
    table: 'securities',
    whereRaw: ["t.kind = 'stock'"],
    fields: {
      ts_code: text('t.ts_code'), symbol: text('t.symbol'), name: text('t.name'), area: text('t.area'), industry: text('t.industry'),
      fullname: text('t.fullname'), enname: text('t.enname'), cnspell: text('t.cnspell'), market: text('t.market'), exchange: text('t.exchange'),
      curr_type: text('t.curr_type'), list_status: text('t.list_status'), list_date: date('t.list_date'), delist_date: date('t.delist_date'),
      is_hs: text('t.is_hs'), act_name: text('t.act_name'), act_ent_type: text('t.act_ent_type'),
    },
    defaults: ['ts_code', 'symbol', 'name', 'area', 'industry', 'cnspell', 'market', 'list_date', 'act_name', 'act_ent_type'],
    params: { ts_code: codes(), name: equals('t.name'), market: equals('t.market'), list_status: equals('t.list_status'), exchange: equals('t.exchange'), is_hs: equals('t.is_hs') },
    paramDefaults: { list_status: 'L' },
    order: [['t.ts_code', 'asc']],
    cap: 10_000,
  },
  trade_cal: {
    scope: 'market',
    table: 'trade_calendar',
    fields: { exchange: text('t.exchange'), cal_date: date('t.cal_date'), is_open: integer('t.is_open'), pretrade_date: date('t.pretrade_date') },
    params: { exchange: equals('t.exchange'), start_date: from('t.cal_date'), end_date: to('t.cal_date'), is_open: equals('t.is_open') },
    paramDefaults: { exchange: 'SSE' },
    order: [['t.cal_date', 'desc']],
    cap: 20_000,
  },
  namechange: {
    scope: 'reference',
    table: 'name_changes',
    fields: { ts_code: text('t.ts_code'), name: text('t.name'), start_date: date('t.start_date'), end_date: date('t.end_date'), ann_date: date('t.ann_date'), change_reason: text('t.change_reason') },
    params: { ts_code: codes(), start_date: from('t.start_date'), end_date: to('t.start_date') },
    order: [['t.ts_code', 'asc'], ['t.start_date', 'desc']],
    cap: 10_000,
  },
  stock_company: {
    scope: 'reference',
    table: 'company_profiles',
    joins: [SECURITY],
    fields: {
      ts_code: text('t.ts_code'), com_name: text('t.com_name'), exchange: text('s.exchange'), chairman: text('t.chairman'), manager: text('t.manager'),
      secretary: text('t.secretary'), reg_capital: number('t.reg_capital', TUSHARE_POWERS.stock_company.reg_capital), setup_date: date('t.setup_date'),
      province: text('t.province'), city: text('t.city'), introduction: text('t.introduction'), website: text('t.website'), email: text('t.email'),
      office: text('t.office'), employees: integer('t.employees'), main_business: text('t.main_business'), business_scope: text('t.business_scope'),
    },
    params: { ts_code: codes(), exchange: equals('s.exchange') },
    order: [['t.ts_code', 'asc']],
    cap: 4_500,
  },
  daily: { ...STOCK_BARS, cap: 6_000 },
  weekly: { ...STOCK_BARS, cap: 4_500, period: 'weekly' },
  monthly: { ...STOCK_BARS, cap: 4_500, period: 'monthly' },
  adj_factor: {
    scope: 'market',
    table: 'adj_factors',
    fields: { ts_code: text('t.ts_code'), trade_date: date('t.trade_date'), adj_factor: number('t.adj_factor') },
    params: { ts_code: codes(), ...byTradeDate },
    order: newestFirst,
    marketTime: ON_TRADE_DATE,
    cap: 6_000,
  },
  daily_basic: {
    scope: 'market',
    table: 'daily_basic',
    fields: { ts_code: text('t.ts_code'), trade_date: date('t.trade_date'), ...VALUATION_FIELDS },
    params: { ts_code: codes(), ...byTradeDate },
    order: newestFirst,
    marketTime: ON_TRADE_DATE,
    cap: 6_000,
  },
  index_basic: {
    scope: 'reference',
    table: 'securities',
    whereRaw: ["t.kind = 'index'"],
    fields: { ts_code: text('t.ts_code'), name: text('t.name'), fullname: text('t.fullname'), market: text('t.market'), list_date: date('t.list_date'), exp_date: date('t.delist_date') },
    params: { ts_code: codes(), name: equals('t.name'), market: equals('t.market') },
    order: [['t.ts_code', 'asc']],
    cap: 8_000,
  },
  index_daily: {
    scope: 'market',
    table: 'daily_bars',
    joins: [SECURITY],
    whereRaw: [`${KIND} = 'index'`],
    fields: BAR_FIELDS,
    params: { ts_code: codes(), ...byTradeDate },
    requiresOneOf: ['ts_code'],
    order: newestFirst,
    marketTime: ON_TRADE_DATE,
    cap: 8_000,
  },
  index_weight: {
    scope: 'reference',
    table: 'index_weights',
    fields: { index_code: text('t.index_code'), con_code: text('t.con_code'), trade_date: date('t.trade_date'), weight: number('t.weight') },
    params: { index_code: codes('t.index_code'), ...byTradeDate },
    requiresOneOf: ['index_code', 'trade_date'],
    order: [['t.trade_date', 'desc'], ['t.index_code', 'asc'], ['t.con_code', 'asc']],
    cap: 6_000,
  },
  index_classify: {
    scope: 'reference',
    table: 'industry_classes',
    fields: {
      index_code: text('t.index_code'), industry_name: text('t.industry_name'), level: { column: 't.level', kind: 'level' },
      industry_code: text('t.industry_code'), parent_code: text('t.parent_code'), src: text('t.src'),
    },
    params: { index_code: codes('t.index_code'), parent_code: equals('t.parent_code'), src: equals('t.src') },
    order: [['t.index_code', 'asc']],
    cap: 2_000,
  },
  index_member_all: {
    scope: 'reference',
    table: 'industry_members',
    joins: [SECURITY],
    fields: {
      l1_code: text('t.l1_code'), l1_name: text('t.l1_name'), l2_code: text('t.l2_code'), l2_name: text('t.l2_name'), l3_code: text('t.l3_code'),
      l3_name: text('t.l3_name'), ts_code: text('t.ts_code'), name: text('s.name'), in_date: date('t.in_date'), out_date: date('t.out_date'),
      is_new: { column: "case when t.out_date is null then 'Y' else 'N' end", kind: 'text' },
    },
    params: { l1_code: equals('t.l1_code'), l2_code: equals('t.l2_code'), l3_code: equals('t.l3_code'), ts_code: codes() },
    order: [['t.l1_code', 'asc'], ['t.l2_code', 'asc'], ['t.l3_code', 'asc'], ['t.ts_code', 'asc']],
    cap: 3_000,
  },
  suspend_d: {
    scope: 'events',
    table: 'trading_halts',
    fields: { ts_code: text('t.ts_code'), trade_date: date('t.trade_date'), suspend_timing: text('t.suspend_timing'), suspend_type: text('t.suspend_type') },
    params: { ts_code: codes(), ...byTradeDate, suspend_type: equals('t.suspend_type') },
    order: newestFirst,
    marketTime: ON_TRADE_DATE,
    cap: 5_000,
  },
  dividend: {
    scope: 'events',
    table: 'dividends',
    fields: {
      ts_code: text('t.ts_code'), end_date: date('t.end_date'), ann_date: date('t.ann_date'), div_proc: text('t.div_proc'), stk_div: number('t.stk_div'),
      stk_bo_rate: number('t.stk_bo_rate'), stk_co_rate: number('t.stk_co_rate'), cash_div: number('t.cash_div'), cash_div_tax: number('t.cash_div_tax'),
      record_date: date('t.record_date'), ex_date: date('t.ex_date'), pay_date: date('t.pay_date'), div_listdate: date('t.div_listdate'), imp_ann_date: date('t.imp_ann_date'),
    },
    params: { ts_code: codes(), ann_date: on('t.ann_date'), record_date: on('t.record_date'), ex_date: on('t.ex_date'), imp_ann_date: on('t.imp_ann_date') },
    requiresOneOf: ['ts_code', 'ann_date', 'record_date', 'ex_date', 'imp_ann_date'],
    order: [['t.ts_code', 'asc'], ['t.end_date', 'desc'], ['t.ann_date', 'desc']],
    cap: 6_000,
  },
  income: statement('income_statements', false),
  income_vip: statement('income_statements', true),
  balancesheet: statement('balance_sheets', false),
  balancesheet_vip: statement('balance_sheets', true),
  cashflow: statement('cash_flows', false),
  cashflow_vip: statement('cash_flows', true),
  disclosure_date: {
    scope: 'financials',
    table: 'disclosure_dates',
    fields: { ts_code: text('t.ts_code'), ann_date: date('t.ann_date'), end_date: date('t.end_date'), pre_date: date('t.pre_date'), actual_date: date('t.actual_date'), modify_date: text('t.modify_date') },
    params: { ts_code: codes(), end_date: on('t.end_date'), pre_date: on('t.pre_date'), actual_date: on('t.actual_date'), ann_date: on('t.ann_date') },
    order: [['t.end_date', 'desc'], ['t.ts_code', 'asc']],
    cap: 3_000,
  },
  anns_d: {
    scope: 'events',
    table: 'announcements',
    joins: [SECURITY],
    fields: { ann_date: date('t.ann_date'), ts_code: text('t.ts_code'), name: text('s.name'), title: text('t.title'), url: text('t.url'), rec_time: text('t.rec_time') },
    params: { ts_code: codes(), ann_date: on('t.ann_date'), start_date: from('t.ann_date'), end_date: to('t.ann_date') },
    order: [['t.ann_date', 'desc'], ['t.ts_code', 'asc'], ['t.id', 'asc']],
    cap: 2_000,
  },
  stk_mins: {
    scope: 'market',
    table: 'intraday_bars',
    fields: {
      ts_code: text('t.ts_code'), trade_time: text('t.trade_time'), close: number('t.close'), open: number('t.open'), high: number('t.high'),
      low: number('t.low'), vol: number('t.vol'), amount: number('t.amount'),
    },
    params: {
      ts_code: codes(), freq: { column: '', op: 'only', kind: 'text', allowed: ['1min'] },
      start_date: { column: 't.trade_time', op: 'gte', kind: 'datetime' }, end_date: { column: 't.trade_time', op: 'lte', kind: 'datetime' },
    },
    requiresOneOf: ['ts_code'],
    order: [['t.ts_code', 'asc'], ['t.trade_time', 'desc']],
    marketTime: { column: 't.trade_time', clock: 'minute' },
    cap: 8_000,
  },
};

/** The names, for the contract's enum and an unknown name's message. */
export const TUSHARE_API_NAMES = Object.keys(TUSHARE_APIS);
