import { ADJ_FACTORS, DAILY_BARS, DAILY_BASIC, INTRADAY_BARS, TRADE_CALENDAR } from '../../domain/tables/marketLayouts';
import {
  COMPANY_PROFILES,
  CONCEPT_BOARDS,
  CONCEPT_MEMBERS,
  INDEX_WEIGHTS,
  INDUSTRY_CLASSES,
  INDUSTRY_MEMBERS,
  NAME_CHANGES,
  SECURITIES,
} from '../../domain/tables/referenceLayouts';
import { ANNOUNCEMENTS, DISCLOSURE_DATES, DIVIDENDS, TRADING_HALTS } from '../../domain/tables/eventLayouts';
import { BALANCE_SHEETS, CASH_FLOWS, INCOME_STATEMENTS } from '../../domain/tables/statementLayouts';
import { DATASET_DESCRIPTORS } from '../../domain/tables/datasetDescriptors';
import { CONVERTIBLE_BAR_FIELDS, CONVERTIBLE_BARS, CONVERTIBLES, FUNDS } from '../../domain/tables/instrumentLayouts';
import { tushareApiOf } from '../../domain/tables/datasetDescriptor';
import { columnsOf } from '../../domain/tables/tableLayout';
import { field, fieldsOf, filtersOf, ofSecurity, order, type TushareApi } from '../../domain/tables/tushareApi';

/**
 * Every api_name this service answers, in one table: the stored table it reads, whose registry (src/domain/tables)
 * gives its fields' kinds and units, Tushare's fields in Tushare's order, its parameters, order and documented
 * row cap. Column names are checked against the table's registry at compile time.
 */

const bars = filtersOf(DAILY_BARS);
const STOCK_BARS: Omit<TushareApi, 'cap'> = {
  scope: 'market',
  layout: DAILY_BARS,
  securityKind: 'stock',
  fields: fieldsOf(DAILY_BARS),
  params: { ts_code: bars.codes('ts_code'), ...bars.byDate('trade_date') },
  order: order(DAILY_BARS, ['trade_date', 'desc'], ['ts_code', 'asc']),
};

/** The statements: the key columns, every figure the table holds, then update_flag; announcement dates as Tushare filters them. */
function statement(layout: typeof INCOME_STATEMENTS, vip: boolean): TushareApi {
  const by = filtersOf(layout);
  return {
    scope: 'financials',
    layout,
    fields: fieldsOf(layout, ['ts_code', 'ann_date', 'f_ann_date', 'end_date', 'report_type', 'comp_type', 'end_type']),
    statementFigures: true,
    params: {
      ts_code: by.codes('ts_code'),
      ann_date: by.on('ann_date'),
      f_ann_date: by.on('f_ann_date'),
      start_date: by.from('ann_date'),
      end_date: by.to('ann_date'),
      period: by.on('end_date'),
      report_type: by.equals('report_type'),
      comp_type: by.equals('comp_type'),
    },
    requiresOneOf: vip ? ['period', 'ann_date', 'f_ann_date', 'ts_code'] : ['ts_code'],
    order: order(layout, ['ts_code', 'asc'], ['end_date', 'desc'], ['f_ann_date', 'desc']),
    cap: vip ? 10_000 : 8_000,
  };
}

/** The adjustment factors of stocks (`adj_factor`) or of funds (`fund_adj`, the same layout), each its own cap. */
function factorsOf(securityKind: 'stock' | 'etf', cap: number): TushareApi {
  const factors = filtersOf(ADJ_FACTORS);
  return {
    scope: 'market',
    layout: ADJ_FACTORS,
    securityKind,
    fields: fieldsOf(ADJ_FACTORS),
    params: { ts_code: factors.codes('ts_code'), ...factors.byDate('trade_date') },
    order: order(ADJ_FACTORS, ['trade_date', 'desc'], ['ts_code', 'asc']),
    cap,
  };
}

const fundRows = filtersOf(FUNDS);
const bondRows = filtersOf(CONVERTIBLES);
const bondBars = filtersOf(CONVERTIBLE_BARS);
const security = filtersOf(SECURITIES);
const calendar = filtersOf(TRADE_CALENDAR);
const names = filtersOf(NAME_CHANGES);
const profiles = filtersOf(COMPANY_PROFILES);
const valuations = filtersOf(DAILY_BASIC);
const weights = filtersOf(INDEX_WEIGHTS);
const classes = filtersOf(INDUSTRY_CLASSES);
const members = filtersOf(INDUSTRY_MEMBERS);
const boards = filtersOf(CONCEPT_BOARDS);
const boardMembers = filtersOf(CONCEPT_MEMBERS);
const halts = filtersOf(TRADING_HALTS);
const dividends = filtersOf(DIVIDENDS);
const schedule = filtersOf(DISCLOSURE_DATES);
const announcements = filtersOf(ANNOUNCEMENTS);
const minutes = filtersOf(INTRADAY_BARS);

export const TUSHARE_APIS: Readonly<Record<string, TushareApi>> = {
  stock_basic: {
    scope: 'reference',
    layout: SECURITIES,
    securityKind: 'stock',
    fields: fieldsOf(SECURITIES, [
      'ts_code',
      'symbol',
      'name',
      'area',
      'industry',
      'fullname',
      'enname',
      'cnspell',
      'market',
      'exchange',
      'curr_type',
      'list_status',
      'list_date',
      'delist_date',
      'is_hs',
      'act_name',
      'act_ent_type',
    ]),
    defaults: [
      'ts_code',
      'symbol',
      'name',
      'area',
      'industry',
      'cnspell',
      'market',
      'list_date',
      'act_name',
      'act_ent_type',
    ],
    params: {
      ts_code: security.codes('ts_code'),
      name: security.equals('name'),
      market: security.equals('market'),
      list_status: security.equals('list_status'),
      exchange: security.equals('exchange'),
      is_hs: security.equals('is_hs'),
    },
    paramDefaults: { list_status: 'L' },
    order: order(SECURITIES, ['ts_code', 'asc']),
    cap: 10_000,
  },
  trade_cal: {
    scope: 'market',
    layout: TRADE_CALENDAR,
    fields: fieldsOf(TRADE_CALENDAR),
    params: {
      exchange: calendar.equals('exchange'),
      start_date: calendar.from('cal_date'),
      end_date: calendar.to('cal_date'),
      is_open: calendar.equals('is_open'),
    },
    paramDefaults: { exchange: 'SSE' },
    order: order(TRADE_CALENDAR, ['cal_date', 'desc']),
    cap: 20_000,
  },
  namechange: {
    scope: 'reference',
    layout: NAME_CHANGES,
    fields: fieldsOf(NAME_CHANGES),
    params: { ts_code: names.codes('ts_code'), start_date: names.from('start_date'), end_date: names.to('start_date') },
    order: order(NAME_CHANGES, ['ts_code', 'asc'], ['start_date', 'desc']),
    cap: 10_000,
  },
  stock_company: {
    scope: 'reference',
    layout: COMPANY_PROFILES,
    fields: {
      ts_code: field(COMPANY_PROFILES, 'ts_code'),
      com_name: field(COMPANY_PROFILES, 'com_name'),
      exchange: ofSecurity('exchange'),
      ...fieldsOf(COMPANY_PROFILES, columnsOf(COMPANY_PROFILES).slice(2)),
    },
    params: {
      ts_code: profiles.codes('ts_code'),
      exchange: { column: 'exchange', ofSecurity: true, op: 'eq', kind: 'text' },
    },
    order: order(COMPANY_PROFILES, ['ts_code', 'asc']),
    cap: 4_500,
  },
  daily: { ...STOCK_BARS, cap: 6_000 },
  weekly: { ...STOCK_BARS, cap: 4_500, period: 'weekly' },
  monthly: { ...STOCK_BARS, cap: 4_500, period: 'monthly' },
  adj_factor: factorsOf('stock', 6_000),
  fund_adj: factorsOf('etf', 2_000),
  daily_basic: {
    scope: 'market',
    layout: DAILY_BASIC,
    fields: fieldsOf(DAILY_BASIC),
    params: { ts_code: valuations.codes('ts_code'), ...valuations.byDate('trade_date') },
    order: order(DAILY_BASIC, ['trade_date', 'desc'], ['ts_code', 'asc']),
    cap: 6_000,
  },
  index_basic: {
    scope: 'reference',
    layout: SECURITIES,
    securityKind: 'index',
    fields: {
      ...fieldsOf(SECURITIES, ['ts_code', 'name', 'fullname', 'market', 'list_date']),
      exp_date: field(SECURITIES, 'delist_date'),
    },
    params: { ts_code: security.codes('ts_code'), name: security.equals('name'), market: security.equals('market') },
    order: order(SECURITIES, ['ts_code', 'asc']),
    cap: 8_000,
  },
  index_daily: {
    ...STOCK_BARS,
    securityKind: 'index',
    requiresOneOf: ['ts_code'],
    cap: 8_000,
  },
  fund_basic: {
    scope: 'reference',
    layout: FUNDS,
    fields: fieldsOf(FUNDS),
    params: {
      ts_code: fundRows.codes('ts_code'),
      market: fundRows.equals('market'),
      status: fundRows.equals('status'),
    },
    order: order(FUNDS, ['ts_code', 'asc']),
    cap: 15_000,
  },
  fund_daily: { ...STOCK_BARS, securityKind: 'etf', cap: 2_000 },
  cb_basic: {
    scope: 'reference',
    layout: CONVERTIBLES,
    fields: fieldsOf(CONVERTIBLES),
    defaults: columnsOf(CONVERTIBLES).slice(0, columnsOf(CONVERTIBLES).indexOf('rate_clause') + 1),
    params: {
      ts_code: bondRows.codes('ts_code'),
      list_date: bondRows.on('list_date'),
      exchange: bondRows.equals('exchange'),
    },
    order: order(CONVERTIBLES, ['ts_code', 'asc']),
    cap: 2_000,
  },
  cb_daily: {
    scope: 'market',
    layout: CONVERTIBLE_BARS,
    securityKind: 'convertible',
    fields: fieldsOf(CONVERTIBLE_BARS, CONVERTIBLE_BAR_FIELDS),
    params: { ts_code: bondBars.codes('ts_code'), ...bondBars.byDate('trade_date') },
    order: order(CONVERTIBLE_BARS, ['trade_date', 'desc'], ['ts_code', 'asc']),
    cap: 2_000,
  },
  index_weight: {
    scope: 'reference',
    layout: INDEX_WEIGHTS,
    fields: fieldsOf(INDEX_WEIGHTS),
    params: { index_code: weights.codes('index_code'), ...weights.byDate('trade_date') },
    requiresOneOf: ['index_code', 'trade_date'],
    order: order(INDEX_WEIGHTS, ['trade_date', 'desc'], ['index_code', 'asc'], ['con_code', 'asc']),
    cap: 6_000,
  },
  index_classify: {
    scope: 'reference',
    layout: INDUSTRY_CLASSES,
    fields: fieldsOf(INDUSTRY_CLASSES, [
      'index_code',
      'industry_name',
      'level',
      'industry_code',
      'is_pub',
      'parent_code',
      'src',
    ]),
    params: {
      index_code: classes.codes('index_code'),
      parent_code: classes.equals('parent_code'),
      src: classes.equals('src'),
    },
    order: order(INDUSTRY_CLASSES, ['index_code', 'asc']),
    cap: 2_000,
  },
  index_member_all: {
    scope: 'reference',
    layout: INDUSTRY_MEMBERS,
    fields: {
      // The member's name as the source sent it with the row (doc 335: 000506.SZ *ST中润).
      ...fieldsOf(INDUSTRY_MEMBERS, [
        'l1_code',
        'l1_name',
        'l2_code',
        'l2_name',
        'l3_code',
        'l3_name',
        'ts_code',
        'name',
        'in_date',
        'out_date',
      ]),
      is_new: { from: 'current', column: 'out_date', kind: 'text', power: 0 },
    },
    params: {
      l1_code: members.equals('l1_code'),
      l2_code: members.equals('l2_code'),
      l3_code: members.equals('l3_code'),
      ts_code: members.codes('ts_code'),
    },
    order: order(INDUSTRY_MEMBERS, ['l1_code', 'asc'], ['l2_code', 'asc'], ['l3_code', 'asc'], ['ts_code', 'asc']),
    cap: 3_000,
  },
  ths_index: {
    scope: 'reference',
    layout: CONCEPT_BOARDS,
    fields: fieldsOf(CONCEPT_BOARDS),
    params: { ts_code: boards.equals('ts_code'), exchange: boards.equals('exchange'), type: boards.equals('type') },
    order: order(CONCEPT_BOARDS, ['ts_code', 'asc']),
    cap: 5_000,
  },
  ths_member: {
    scope: 'reference',
    layout: CONCEPT_MEMBERS,
    fields: fieldsOf(CONCEPT_MEMBERS),
    defaults: ['ts_code', 'con_code', 'con_name'],
    params: { ts_code: boardMembers.equals('ts_code'), con_code: boardMembers.equals('con_code') },
    requiresOneOf: ['ts_code', 'con_code'],
    order: order(CONCEPT_MEMBERS, ['ts_code', 'asc'], ['con_code', 'asc']),
    cap: 5_000,
  },
  suspend_d: {
    scope: 'events',
    layout: TRADING_HALTS,
    fields: fieldsOf(TRADING_HALTS),
    params: {
      ts_code: halts.codes('ts_code'),
      ...halts.byDate('trade_date'),
      suspend_type: halts.equals('suspend_type'),
    },
    order: order(TRADING_HALTS, ['trade_date', 'desc'], ['ts_code', 'asc']),
    cap: 5_000,
  },
  dividend: {
    scope: 'events',
    layout: DIVIDENDS,
    fields: fieldsOf(DIVIDENDS),
    params: {
      ts_code: dividends.codes('ts_code'),
      ann_date: dividends.on('ann_date'),
      record_date: dividends.on('record_date'),
      ex_date: dividends.on('ex_date'),
      imp_ann_date: dividends.on('imp_ann_date'),
    },
    requiresOneOf: ['ts_code', 'ann_date', 'record_date', 'ex_date', 'imp_ann_date'],
    order: order(DIVIDENDS, ['ts_code', 'asc'], ['end_date', 'desc'], ['ann_date', 'desc']),
    cap: 6_000,
  },
  income: statement(INCOME_STATEMENTS, false),
  income_vip: statement(INCOME_STATEMENTS, true),
  balancesheet: statement(BALANCE_SHEETS, false),
  balancesheet_vip: statement(BALANCE_SHEETS, true),
  cashflow: statement(CASH_FLOWS, false),
  cashflow_vip: statement(CASH_FLOWS, true),
  disclosure_date: {
    scope: 'financials',
    layout: DISCLOSURE_DATES,
    fields: fieldsOf(DISCLOSURE_DATES),
    params: {
      ts_code: schedule.codes('ts_code'),
      end_date: schedule.on('end_date'),
      pre_date: schedule.on('pre_date'),
      actual_date: schedule.on('actual_date'),
      ann_date: schedule.on('ann_date'),
    },
    order: order(DISCLOSURE_DATES, ['end_date', 'desc'], ['ts_code', 'asc']),
    cap: 3_000,
  },
  anns_d: {
    scope: 'events',
    layout: ANNOUNCEMENTS,
    fields: fieldsOf(ANNOUNCEMENTS, ['ann_date', 'ts_code', 'name', 'title', 'url', 'rec_time']),
    params: {
      ts_code: announcements.codes('ts_code'),
      ann_date: announcements.on('ann_date'),
      start_date: announcements.from('ann_date'),
      end_date: announcements.to('ann_date'),
    },
    order: order(ANNOUNCEMENTS, ['ann_date', 'desc'], ['ts_code', 'asc'], ['id', 'asc']),
    cap: 2_000,
  },
  // The datasets of the descriptors (src/domain/tables/datasetDescriptors.ts) that are Tushare apis.
  ...Object.fromEntries(
    DATASET_DESCRIPTORS.flatMap((descriptor) => {
      const api = tushareApiOf(descriptor);
      return api ? [[descriptor.api, api]] : [];
    }),
  ),
  stk_mins: {
    scope: 'market',
    layout: INTRADAY_BARS,
    fields: fieldsOf(INTRADAY_BARS),
    params: {
      ts_code: minutes.codes('ts_code'),
      freq: { column: '', op: 'only', kind: 'text', allowed: ['1min'] },
      start_date: { column: 'trade_time', op: 'gte', kind: 'datetime' },
      end_date: { column: 'trade_time', op: 'lte', kind: 'datetime' },
    },
    requiresOneOf: ['ts_code'],
    order: order(INTRADAY_BARS, ['ts_code', 'asc'], ['trade_time', 'desc']),
    cap: 8_000,
  },
};

/** The names, for an unknown name's message. */
export const TUSHARE_API_NAMES = Object.keys(TUSHARE_APIS);
