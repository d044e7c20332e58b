import { ANNOUNCEMENTS, DIVIDENDS, TRADING_HALTS } from '../domain/tables/eventLayouts';
import { INTRADAY_BARS } from '../domain/tables/marketLayouts';
import { fieldsOf, filtersOf, order } from '../domain/tables/tushareApi';
import { annsD, suspendD } from '../loaders/eventTables';
import { dividend } from '../loaders/referenceTables';
import { stkMins, stkMins5min, ticks } from '../loaders/minuteTables';
import { universe } from '../loaders/universeTable';
import { minutesOf, type ApiEntry } from './apiDescriptor';
import { byExAndAnnouncementDay, perCalendarDay, perOpenDay } from './syncPlans';

const halts = filtersOf(TRADING_HALTS);
const dividends = filtersOf(DIVIDENDS);
const announcements = filtersOf(ANNOUNCEMENTS);
const minutes = filtersOf(INTRADAY_BARS);

/** The events of the securities: dividends, halts and announcements, in import order. */
export const EVENT_APIS = {
  dividend: {
    tushare: {
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
    load: dividend,
    sync: byExAndAnnouncementDay,
  },
  suspend_d: {
    tushare: {
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
    load: suspendD,
    sync: perOpenDay('trade_date'),
  },
  anns_d: {
    tushare: {
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
    load: annsD,
    // Bundles written before announcements took their api_name hold `anns.csv`.
    formerFile: 'anns',
    sync: perCalendarDay('ann_date'),
  },
} satisfies Record<string, ApiEntry>;

/**
 * Minute bars and ticks, loaded from bundles only (Tushare's minutes are sold apart), then what the store means
 * to hold (src/domain/market/universe.ts), in this project's layout.
 */
export const INTRADAY_APIS = {
  stk_mins: {
    tushare: {
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
    load: stkMins,
    coverage: minutesOf('intraday_bars'),
  },
  stk_mins_5min: { load: stkMins5min, coverage: minutesOf('five_minute_bars') },
  ticks: { load: ticks },
  universe: { load: universe },
} satisfies Record<string, ApiEntry>;
