import { foreignCurrencyOf } from '../../domain/reference/currency';
import type { components } from '../../../generated/api';
import { scaledPrice, STATE_FIELDS, type DailyBar } from '../../domain/market/adjust';
import {
  arrayRecordReader,
  parseFields,
  pickFields,
  type MissingFields,
  type NoneMissing,
} from '../../domain/api/fields';
import { boardOf, exchangeOfStandard } from '../../domain/reference/symbols';
import type { KlineSeries } from './market.types';
import type { TradeRow } from './market.types';
import type { FactorRow } from './market.types';
import type { CalendarRow } from './market.types';
import type { SecurityAnchor } from './market.types';
import type { DailySeries } from './market.types';
import { VALUATION_FIELDS, type ValuationField } from '../../domain/tables/dailyBasicColumns';
import { RowsAnswer } from '../../http/answers/rowsAnswer';
import type { CrossSection, CrossSectionEntry, LimitLadder, ValuationSeries } from './market.types';
import type { IntradaySession } from './market.types';

export type WireDailySeries = components['schemas']['DailySeries'];

const PRICE_FIELDS = [
  'date',
  'open',
  'high',
  'low',
  'close',
  'pre_close',
  'change',
  'pct_change',
  'volume',
  'amount',
  'turnover',
] as const satisfies readonly (keyof DailyBar)[];
const UNADJUSTED_FIELDS = [...PRICE_FIELDS, 'adj_factor'] as const;

export type DailyField = (typeof UNADJUSTED_FIELDS)[number] | (typeof STATE_FIELDS)[number];

/** Whether chosen fields name one of the day's state, which is read only then. */
export const asksState = (fields: readonly string[] | null): boolean =>
  fields !== null &&
  fields.some((field) => field === 'suspended' || (STATE_FIELDS as readonly string[]).includes(field));

/** The chosen fields of a daily bar; `adj_factor` exists only for unadjusted bars. Null means all. */
export function parseDailyFields(input: string | undefined, adjusted: boolean): readonly DailyField[] | null {
  if (input === undefined) return null;
  return parseFields<DailyField>(input, [...(adjusted ? PRICE_FIELDS : UNADJUSTED_FIELDS), ...STATE_FIELDS]);
}

/** A running bar's marks, kept whichever fields are chosen: without them it would pass for a stored bar. */
const runningMarks = ({ final, as_of }: DailyBar) => (as_of === undefined ? {} : { final, as_of });

/** `{requested_symbol}` when the request named an old code of the security, else nothing. */
const requestedOf = ({ requested_symbol }: SecurityAnchor) =>
  requested_symbol === undefined ? {} : { requested_symbol };

export function toDailySeries(series: DailySeries, fields: readonly DailyField[] | null): WireDailySeries {
  return {
    symbol: series.security.ts_code,
    ...requestedOf(series.security),
    name: series.security.name,
    ...foreignCurrencyOf(series.security.ts_code),
    adj_anchor_date: series.anchorDate,
    daily:
      fields === null
        ? series.bars
        : series.bars.map((bar) => ({ ...pickFields(bar as Required<DailyBar>, fields), ...runningMarks(bar) })),
  };
}

export function toKlineSeries(series: KlineSeries): components['schemas']['KlineSeries'] {
  return {
    symbol: series.security.ts_code,
    ...requestedOf(series.security),
    name: series.security.name,
    ...foreignCurrencyOf(series.security.ts_code),
    interval: series.interval,
    adj_anchor_date: series.anchorDate,
    klines: series.klines,
  };
}

export function toAdjustmentFactors(
  security: SecurityAnchor,
  factors: FactorRow[],
): components['schemas']['AdjustmentFactors'] {
  return {
    symbol: security.ts_code,
    ...requestedOf(security),
    name: security.name,
    adj_anchor_date: security.anchor_date!,
    anchor_factor: security.anchor_factor!,
    factors: factors.map((row) => ({ date: row.trade_date, adj_factor: Number(row.adj_factor) })),
  };
}

export function toCalendarDay(
  row: CalendarRow,
  exchange: 'SSE' | 'SZSE' | 'BSE',
): components['schemas']['CalendarDay'] {
  return { exchange, date: row.cal_date, is_open: Boolean(Number(row.is_open)), pretrade_date: row.pretrade_date };
}

export function toIntradaySession(
  security: SecurityAnchor,
  session: IntradaySession,
): components['schemas']['IntradaySession'] {
  return {
    symbol: security.ts_code,
    ...requestedOf(security),
    name: security.name,
    trade_date: session.tradeDate,
    as_of: session.asOf,
    bars: session.bars,
  };
}

export function toTrade(row: TradeRow): components['schemas']['Trade'] {
  return {
    time: row.trade_time,
    seq: Number(row.seq),
    price: Number(row.price),
    volume: Number(row.volume),
    amount: Number(row.amount),
    side: row.side as components['schemas']['Trade']['side'],
  };
}

type WireCrossSectionEntry = components['schemas']['CrossSectionEntry'];
type WireValuation = components['schemas']['Valuation'];

const BAR_FIELDS = PRICE_FIELDS.filter((field) => field !== 'date');
const CROSS_SECTION_FIELDS = [
  'name',
  'exchange',
  'board',
  ...BAR_FIELDS,
  'adj_factor',
  'adj_anchor_date',
  ...VALUATION_FIELDS,
] as const;
/** The day's state, opt-in: named, it also brings the day's suspended securities. */
const CROSS_SECTION_STATE_FIELDS = [...STATE_FIELDS, 'suspended'] as const;
export type CrossSectionField = (typeof CROSS_SECTION_FIELDS)[number] | (typeof CROSS_SECTION_STATE_FIELDS)[number];
export type CrossSectionFieldsComplete = NoneMissing<
  MissingFields<
    Omit<WireCrossSectionEntry, 'symbol'>,
    readonly [...typeof CROSS_SECTION_FIELDS, ...typeof CROSS_SECTION_STATE_FIELDS]
  >
>;

/** A valuation day's fields, `date` first (src/db/storedValuationYears.ts finds it there in a stored day's JSON). */
export const VALUATION_WIRE_FIELDS = ['date', ...VALUATION_FIELDS] as const;
export type ValuationWireField = (typeof VALUATION_WIRE_FIELDS)[number];
export type ValuationFieldsComplete = NoneMissing<MissingFields<WireValuation, typeof VALUATION_WIRE_FIELDS>>;

/**
 * The chosen fields of a cross-section row besides `symbol`: `adj_factor` unadjusted, `adj_anchor_date` adjusted;
 * all when absent. ETFs and convertibles have no stock valuation (daily_basic): their rows leave it out.
 */
export function parseCrossSectionFields(
  input: string | undefined,
  adjusted: boolean,
  kind: string,
): readonly CrossSectionField[] {
  const valued = kind === 'stock' || kind === 'index';
  const allowed = CROSS_SECTION_FIELDS.filter(
    (field) =>
      field !== (adjusted ? 'adj_factor' : 'adj_anchor_date') &&
      (valued || !(VALUATION_FIELDS as readonly string[]).includes(field)),
  );
  return input === undefined
    ? allowed
    : parseFields<CrossSectionField>(input, [...allowed, ...CROSS_SECTION_STATE_FIELDS]);
}

export function parseValuationFields(input: string | undefined): readonly ValuationWireField[] {
  return parseFields<ValuationWireField>(input, VALUATION_WIRE_FIELDS);
}

type CrossSectionColumn<F extends keyof WireCrossSectionEntry> = (
  entry: CrossSectionEntry,
) => Required<WireCrossSectionEntry>[F];

/** Each valuation field of a row, by its place in the row's valuation (VALUATION_FIELDS' order). */
const VALUATION_COLUMNS = Object.fromEntries(
  VALUATION_FIELDS.map((field, i) => [field, (entry: CrossSectionEntry) => entry.row.valuationAt(i)]),
) as {
  [F in ValuationField]: CrossSectionColumn<F>;
};

/** How a row gives each field of the contract's CrossSectionEntry (the compiler holds the list complete and each value's type). */
const CROSS_SECTION_COLUMNS: { [F in keyof WireCrossSectionEntry]-?: CrossSectionColumn<F> } = {
  symbol: ({ row }) => row.symbol,
  name: ({ row }) => row.name,
  exchange: ({ row }) => exchangeOfStandard(row.symbol),
  board: ({ row }) => boardOf(row.symbol),
  open: ({ bar }) => bar.open,
  high: ({ bar }) => bar.high,
  low: ({ bar }) => bar.low,
  close: ({ bar }) => bar.close,
  pre_close: ({ bar }) => bar.pre_close,
  change: ({ bar }) => bar.change,
  pct_change: ({ bar }) => bar.pct_change,
  volume: ({ bar }) => bar.volume,
  amount: ({ bar }) => bar.amount,
  turnover: ({ bar }) => bar.turnover,
  adj_factor: ({ bar }) => bar.adj_factor ?? null,
  adj_anchor_date: ({ anchorDate }) => anchorDate,
  ...VALUATION_COLUMNS,
  // The state read from the row's columns, no object made per row; its limit prices adjusted as its prices are.
  risk_warning: ({ row }) => row.stateField('risk_warning'),
  limit_up: ({ row, ratio, decimals }) => scaledPrice(row.stateField('limit_up'), ratio, decimals),
  limit_down: ({ row, ratio, decimals }) => scaledPrice(row.stateField('limit_down'), ratio, decimals),
  limit_source: ({ row }) => row.stateField('limit_source'),
  limit_move: ({ row }) => row.stateField('limit_move'),
  limit_streak: ({ row }) => row.stateField('limit_streak'),
  listing_session: ({ row }) => row.stateField('listing_session'),
  suspended: ({ row }) => row.suspended === true,
};

/** The day's rows, `symbol` then the chosen fields of each, written from the rows as they are (RowsAnswer). */
export function toCrossSection(section: CrossSection, fields: readonly CrossSectionField[]): RowsAnswer {
  const columns = (['symbol', ...fields] as const).map((field) => [field, CROSS_SECTION_COLUMNS[field]] as const);
  return RowsAnswer.of({ date: section.date }, 'securities', columns, section.entries);
}

type WireLimitLadder = components['schemas']['LimitLadderResponse']['data'];
type WireLadderRow = WireLimitLadder['securities'][number];
const LADDER_FIELDS = [
  'symbol',
  'name',
  'board',
  'risk_warning',
  'limit_move',
  'limit_streak',
  'close',
  'pct_change',
  'limit_up',
] as const satisfies readonly (keyof WireLadderRow)[];
export type LadderFieldsComplete = NoneMissing<MissingFields<WireLadderRow, typeof LADDER_FIELDS>>;

/** A day's ladder: its counts, and each entry's row as the cross-section gives its fields. */
export function toLimitLadder({ date, entries, up, down, opened, sealRate, topStreak }: LimitLadder): WireLimitLadder {
  return {
    date,
    up_count: up,
    down_count: down,
    opened_count: opened,
    seal_rate: sealRate,
    top_streak: topStreak,
    securities: entries.map(
      ({ entry }) =>
        Object.fromEntries(LADDER_FIELDS.map((field) => [field, CROSS_SECTION_COLUMNS[field](entry)])) as WireLadderRow,
    ),
  };
}

/**
 * A security's valuation days with the chosen fields, each day read from its row (arrayRecordReader: one shape
 * for the 36,000 days of 50 symbols × 3 years).
 */
export function toValuationSeries(
  { security, rows }: ValuationSeries,
  fields: readonly ValuationWireField[],
): components['schemas']['ValuationSeries'] {
  const places = fields.map((field) => (field === 'date' ? 1 : 2 + VALUATION_FIELDS.indexOf(field)));
  const dayOf = arrayRecordReader(
    fields,
    places,
    (value): value is string | number => value !== null && value !== undefined,
  );
  return {
    symbol: security.ts_code,
    ...requestedOf(security),
    name: security.name,
    valuation: rows.map((row) => dayOf(row) as WireValuation),
  };
}
