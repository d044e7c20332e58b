import {
  COMPANY_PROFILES,
  CONCEPT_BOARDS,
  CONCEPT_MEMBERS,
  INDUSTRY_CLASSES,
  INDUSTRY_MEMBERS,
  NAME_CHANGES,
  SECURITIES,
} from '../domain/tables/referenceLayouts';
import { TRADE_CALENDAR } from '../domain/tables/marketLayouts';
import { CONVERTIBLES, FUNDS } from '../domain/tables/instrumentLayouts';
import { columnsOf } from '../domain/tables/tableLayout';
import { field, fieldsOf, filtersOf, ofSecurity, order } from '../domain/tables/tushareApi';
import { compact } from '../domain/time/syncPeriods';
import { tradeCal } from '../loaders/marketTables';
import { cbBasic, fundBasic } from '../loaders/instrumentTables';
import { stockBasic } from '../loaders/stockBasic';
import {
  bseMapping,
  codeChange,
  indexBasic,
  indexClassify,
  indexMemberAll,
  nameChange,
  stockCompany,
  thsIndex,
  thsMember,
} from '../loaders/referenceTables';
import type { ApiEntry } from './apiDescriptor';
import { ALWAYS_AGAIN, calendarOfRange, perCodeEveryRun, whole, type SyncPlan } from './syncPlans';

/**
 * A stock's names, asked by ts_code: namechange's start_date/end_date filter on ann_date, which most rows lack
 * (tushare #1080, #1858), and the whole table asked at once misses a day's batch (tushare #1901). Asked again
 * for each new end of the range (part `code@to`): a name may have changed since.
 */
const NAMES_AT_RANGE_END: SyncPlan = {
  parts: ({ to, stockCodes }) =>
    stockCodes.map((code) => ({ part: `${code}@${compact(to)}`, params: { ts_code: code }, settlesOn: to })),
};

/**
 * index_member_all answers at most 2,000 rows per call: one level-1 industry at a time, current members
 * (is_new=Y) and past ones (N), or the history of membership is lost.
 */
const MEMBERS_BY_INDUSTRY: SyncPlan = {
  parts: ({ industryCodes }) =>
    industryCodes.flatMap((code) =>
      ['Y', 'N'].map((isNew) => ({
        part: `${code} ${isNew}`,
        params: { l1_code: code, is_new: isNew },
        settlesOn: ALWAYS_AGAIN,
      })),
    ),
};

const security = filtersOf(SECURITIES);
const calendar = filtersOf(TRADE_CALENDAR);
const names = filtersOf(NAME_CHANGES);
const profiles = filtersOf(COMPANY_PROFILES);
const classes = filtersOf(INDUSTRY_CLASSES);
const members = filtersOf(INDUSTRY_MEMBERS);
const boards = filtersOf(CONCEPT_BOARDS);
const boardMembers = filtersOf(CONCEPT_MEMBERS);
const fundRows = filtersOf(FUNDS);
const bondRows = filtersOf(CONVERTIBLES);

/**
 * The securities, their names and companies, industries and boards, and the calendar, in import order: all
 * the rest is about them. Fetched whole on every sync (index_basic per market: the exchanges' indices and
 * the CSI and Shenwan families; the funds and bonds only when named), but for the members and names asked code by code.
 */
export const REFERENCE_APIS = {
  stock_basic: {
    tushare: {
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
    load: stockBasic,
    sync: whole({ list_status: 'L' }, { list_status: 'D' }, { list_status: 'P' }),
  },
  index_basic: {
    tushare: {
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
    load: indexBasic,
    sync: whole({ market: 'SSE' }, { market: 'SZSE' }, { market: 'CSI' }, { market: 'SW' }),
  },
  // The exchange-traded funds (a few thousand, under fund_basic's 15,000) and every convertible bond.
  fund_basic: {
    tushare: {
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
    load: fundBasic,
    sync: whole({ market: 'E' }),
    kind: 'etf',
  },
  cb_basic: {
    tushare: {
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
    load: cbBasic,
    sync: whole({}),
    kind: 'convertible',
  },
  namechange: {
    tushare: {
      scope: 'reference',
      layout: NAME_CHANGES,
      fields: fieldsOf(NAME_CHANGES),
      params: {
        ts_code: names.codes('ts_code'),
        start_date: names.from('start_date'),
        end_date: names.to('start_date'),
      },
      order: order(NAME_CHANGES, ['ts_code', 'asc'], ['start_date', 'desc']),
      cap: 10_000,
    },
    load: nameChange,
    sync: NAMES_AT_RANGE_END,
  },
  code_change: { load: codeChange },
  // The Beijing Stock Exchange's old and 920xxx codes (248 pairs, doc 375), as code changes.
  bse_mapping: { load: bseMapping, sync: whole({}) },
  stock_company: {
    tushare: {
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
    load: stockCompany,
    sync: whole({ exchange: 'SSE' }, { exchange: 'SZSE' }, { exchange: 'BSE' }),
  },
  // Shenwan 2021 has 31 + 134 + 346 industries, each level well under the 5,000 rows of one call.
  index_classify: {
    tushare: {
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
    load: indexClassify,
    sync: whole({ level: 'L1', src: 'SW2021' }, { level: 'L2', src: 'SW2021' }, { level: 'L3', src: 'SW2021' }),
  },
  index_member_all: {
    tushare: {
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
    load: indexMemberAll,
    sync: MEMBERS_BY_INDUSTRY,
  },
  // Tonghuashun's A-share boards (about 1,300, under the 5,000 rows of one call).
  ths_index: {
    tushare: {
      scope: 'reference',
      layout: CONCEPT_BOARDS,
      fields: fieldsOf(CONCEPT_BOARDS),
      params: { ts_code: boards.equals('ts_code'), exchange: boards.equals('exchange'), type: boards.equals('type') },
      order: order(CONCEPT_BOARDS, ['ts_code', 'asc']),
      cap: 5_000,
    },
    load: thsIndex,
    sync: whole({ exchange: 'A' }),
  },
  // A board's members, asked board by board (ths_member answers one board's whole list), again on every run.
  ths_member: {
    tushare: {
      scope: 'reference',
      layout: CONCEPT_MEMBERS,
      fields: fieldsOf(CONCEPT_MEMBERS),
      defaults: ['ts_code', 'con_code', 'con_name'],
      params: { ts_code: boardMembers.equals('ts_code'), con_code: boardMembers.equals('con_code') },
      requiresOneOf: ['ts_code', 'con_code'],
      order: order(CONCEPT_MEMBERS, ['ts_code', 'asc'], ['con_code', 'asc']),
      cap: 5_000,
    },
    load: thsMember,
    sync: perCodeEveryRun((range) => range.boardCodes),
  },
  trade_cal: {
    tushare: {
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
    load: tradeCal,
    sync: calendarOfRange,
  },
} satisfies Record<string, ApiEntry>;
