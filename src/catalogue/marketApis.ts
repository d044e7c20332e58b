import { ADJ_FACTORS, DAILY_BARS, DAILY_BASIC, DAY_STATES } from '../domain/tables/marketLayouts';
import { INDEX_WEIGHTS } from '../domain/tables/referenceLayouts';
import { CONVERTIBLE_BAR_FIELDS, CONVERTIBLE_BARS } from '../domain/tables/instrumentLayouts';
import {
  field,
  fieldIn,
  fieldsOf,
  filtersOf,
  fixedText,
  ofSecurity,
  ofValuation,
  order,
  type TushareApi,
} from '../domain/tables/tushareApi';
import { compact, monthsOf, yearsOf } from '../domain/time/syncPeriods';
import { adjFactor, dailyBasic, indexWeight } from '../loaders/marketTables';
import { cbDaily, daily, fundDaily, indexDaily, swDaily } from '../loaders/dailyBars';
import { sessionsOf, type ApiEntry } from './apiDescriptor';
import { perOpenDay, type SyncPlan } from './syncPlans';

const bars = filtersOf(DAILY_BARS);
const states = filtersOf(DAY_STATES);
const STOCK_BARS: Omit<TushareApi, 'cap'> = {
  scope: 'market',
  layout: DAILY_BARS,
  securityKind: 'stock',
  fields: fieldsOf(DAILY_BARS),
  params: { ts_code: bars.codes('ts_code'), ...bars.byDate('trade_date') },
  order: order(DAILY_BARS, ['trade_date', 'desc'], ['ts_code', 'asc']),
};

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

/** index_daily requires ts_code; a year of one index is ~245 rows, far below its 8,000-row cap per call. */
const INDEX_YEARS: SyncPlan = {
  parts: ({ from, to, indexCodes }) =>
    indexCodes.flatMap((code) =>
      yearsOf(from, to).map(([start, end]) => ({
        part: `${code} ${compact(start)}..${compact(end)}`,
        params: { ts_code: code, start_date: compact(start), end_date: compact(end) },
        settlesOn: end,
      })),
    ),
};

/** Weights are published monthly; index_code is required. */
const INDEX_MONTHS: SyncPlan = {
  parts: ({ from, to, indexCodes }) =>
    indexCodes.flatMap((code) =>
      monthsOf(from, to).map(([start, end]) => ({
        part: `${code} ${compact(start).slice(0, 6)}`,
        params: { index_code: code, start_date: compact(start), end_date: compact(end) },
        settlesOn: end,
      })),
    ),
};

const valuations = filtersOf(DAILY_BASIC);
const bondBars = filtersOf(CONVERTIBLE_BARS);
const weights = filtersOf(INDEX_WEIGHTS);
const SESSION_BY_SESSION = perOpenDay('trade_date');

/**
 * Prices: bars of stocks, indices, funds and bonds, their factors and valuations, and the index weights, in
 * import order. Valuations come before bars: the bars take their turnover from them as they are written
 * (tables/turnover.ts). Weekly and monthly bars are summed from the daily ones, never loaded.
 */
export const MARKET_APIS = {
  daily_basic: {
    tushare: {
      scope: 'market',
      layout: DAILY_BASIC,
      fields: fieldsOf(DAILY_BASIC),
      params: { ts_code: valuations.codes('ts_code'), ...valuations.byDate('trade_date') },
      order: order(DAILY_BASIC, ['trade_date', 'desc'], ['ts_code', 'asc']),
      cap: 6_000,
    },
    load: dailyBasic,
    sync: SESSION_BY_SESSION,
    coverage: sessionsOf('daily_basic', 'universe', true),
  },
  daily: {
    tushare: { ...STOCK_BARS, cap: 6_000 },
    load: daily,
    sync: SESSION_BY_SESSION,
    coverage: sessionsOf('daily_bars', 'universe', true),
  },
  // Each security's state of a day, as the audit computes it after every load (src/domain/quality/dayStates.ts):
  // this service's own api, in Tushare's conventions, so that /dataapi and the flat-file export carry it.
  day_state: {
    tushare: {
      scope: 'market',
      layout: DAY_STATES,
      fields: fieldsOf(DAY_STATES),
      params: {
        ts_code: states.codes('ts_code'),
        ...states.byDate('trade_date'),
        risk_warning: states.equals('risk_warning'),
        limit_move: states.equals('limit_move'),
      },
      order: order(DAY_STATES, ['trade_date', 'desc'], ['ts_code', 'asc']),
      cap: 6_000,
    },
  },
  // Tushare's risk-warned stocks of each day (doc 397): its example lists *ST and ST stocks alike as type `ST`,
  // 风险警示板 (the risk-warning board), under their names of the day; from the day states.
  stock_st: {
    tushare: {
      scope: 'market',
      layout: DAY_STATES,
      where: [['risk_warning', 'in', ['ST', '*ST']]],
      fields: {
        ...fieldsOf(DAY_STATES, ['ts_code', 'name', 'trade_date']),
        type: fixedText('ST'),
        type_name: fixedText('风险警示板'),
      },
      params: { ts_code: states.codes('ts_code'), ...states.byDate('trade_date') },
      order: order(DAY_STATES, ['trade_date', 'desc'], ['ts_code', 'asc']),
      cap: 1_000,
    },
  },
  // Tushare's limit ladder (连板天梯, doc 356): the up closes of a streak of two or more, from the day states.
  limit_step: {
    tushare: {
      scope: 'market',
      layout: DAY_STATES,
      where: [
        ['limit_move', '=', 'up'],
        ['limit_streak', '>=', 2],
      ],
      fields: { ...fieldsOf(DAY_STATES, ['ts_code', 'name', 'trade_date']), nums: field(DAY_STATES, 'limit_streak') },
      params: { ts_code: states.codes('ts_code'), ...states.byDate('trade_date') },
      order: order(DAY_STATES, ['trade_date', 'desc'], ['limit_streak', 'desc'], ['ts_code', 'asc']),
      cap: 2_000,
    },
  },
  weekly: { tushare: { ...STOCK_BARS, cap: 4_500, period: 'weekly' } },
  monthly: { tushare: { ...STOCK_BARS, cap: 4_500, period: 'monthly' } },
  index_daily: {
    tushare: { ...STOCK_BARS, securityKind: 'index', requiresOneOf: ['ts_code'], cap: 8_000 },
    load: indexDaily,
    sync: INDEX_YEARS,
  },
  // Shenwan's industry indices: each day's bar and the industry's valuation (doc 327), in its units (points,
  // vol 万股, amount and market values 万元); stored as bars and valuations (loaders/dailyBars.ts, swDaily).
  sw_daily: {
    tushare: {
      scope: 'market',
      layout: DAILY_BARS,
      securityKind: 'index',
      codeSuffix: 'SI',
      fields: {
        ...fieldsOf(DAILY_BARS, ['ts_code', 'trade_date']),
        name: ofSecurity('name'),
        ...fieldsOf(DAILY_BARS, ['open', 'low', 'high', 'close', 'change']),
        pct_change: field(DAILY_BARS, 'pct_chg'),
        vol: fieldIn(DAILY_BARS, 'vol', 2),
        amount: fieldIn(DAILY_BARS, 'amount', 4),
        pe: ofValuation('pe', 0),
        pb: ofValuation('pb', 0),
        float_mv: ofValuation('circ_mv', 4),
        total_mv: ofValuation('total_mv', 4),
      },
      params: { ts_code: bars.codes('ts_code'), ...bars.byDate('trade_date') },
      order: order(DAILY_BARS, ['trade_date', 'desc'], ['ts_code', 'asc']),
      cap: 4_000,
    },
    load: swDaily,
    sync: SESSION_BY_SESSION,
    grantedApart: true,
  },
  fund_daily: {
    tushare: { ...STOCK_BARS, securityKind: 'etf', cap: 2_000 },
    load: fundDaily,
    sync: SESSION_BY_SESSION,
    kind: 'etf',
  },
  cb_daily: {
    tushare: {
      scope: 'market',
      layout: CONVERTIBLE_BARS,
      securityKind: 'convertible',
      fields: fieldsOf(CONVERTIBLE_BARS, CONVERTIBLE_BAR_FIELDS),
      params: { ts_code: bondBars.codes('ts_code'), ...bondBars.byDate('trade_date') },
      order: order(CONVERTIBLE_BARS, ['trade_date', 'desc'], ['ts_code', 'asc']),
      cap: 2_000,
    },
    load: cbDaily,
    sync: SESSION_BY_SESSION,
    kind: 'convertible',
  },
  adj_factor: {
    tushare: factorsOf('stock', 6_000),
    load: adjFactor,
    sync: SESSION_BY_SESSION,
    coverage: sessionsOf('adj_factors', 'universe', true),
  },
  fund_adj: { tushare: factorsOf('etf', 2_000), load: adjFactor, sync: SESSION_BY_SESSION, kind: 'etf' },
  index_weight: {
    tushare: {
      scope: 'reference',
      layout: INDEX_WEIGHTS,
      fields: fieldsOf(INDEX_WEIGHTS),
      params: { index_code: weights.codes('index_code'), ...weights.byDate('trade_date') },
      requiresOneOf: ['index_code', 'trade_date'],
      order: order(INDEX_WEIGHTS, ['trade_date', 'desc'], ['index_code', 'asc'], ['con_code', 'asc']),
      cap: 6_000,
    },
    load: indexWeight,
    sync: INDEX_MONTHS,
  },
} satisfies Record<string, ApiEntry>;
