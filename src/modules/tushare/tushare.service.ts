import type { Db } from '../../db/connection';
import { insufficientPermissions, invalidParameter, notFound } from '../../domain/api/errors';
import { periodStart, type PeriodInterval } from '../../domain/time/calendar';
import { groupBy } from '../../domain/api/collections';
import { periodKlines } from '../../domain/market/klines';
import { fromTushareDate, toTushareDate, toTushareUnits } from '../../domain/tables/tushareUnits';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import type { CodeHistory } from '../common/codeHistory.service';
import { TUSHARE_API_NAMES, TUSHARE_APIS } from '../../catalogue/apiCatalogue';
import { firstHiddenTime, statementValueColumns, tushareRows, type AppliedFilter } from './tushare.repository';
import { notYetVisible, type Visibility } from '../../domain/time/marketTime';
import { cutoffOf } from '../common/visibleRows.repository';
import type { TushareCall } from '../../domain/tables/tushareCall';
import type { FieldSource, ParamFilter, TushareApi } from '../../domain/tables/tushareApi';
import type { TushareData, TushareValue } from './tushare.types';

/** The fields of an api: its own, and for a statement every figure column the table holds, then update_flag. */
const valueColumns = new Map<string, Promise<string[]>>();
async function fieldsOf(db: Db, api: TushareApi): Promise<Record<string, FieldSource>> {
  if (!api.statementFigures) return { ...api.fields };
  const { table, columns } = api.layout;
  if (!valueColumns.has(table)) valueColumns.set(table, statementValueColumns(db, api));
  const figure = (column: string): FieldSource => ({ from: 'table', column, kind: 'number', power: 0 });
  const figures = Object.fromEntries((await valueColumns.get(table)!).map((column) => [column, figure(column)]));
  return { ...api.fields, ...figures, update_flag: { from: 'table', column: 'update_flag', ...columns.update_flag! } };
}

/** A parameter's value as its filter takes it; a malformed one → 40001 naming it. */
function applied(name: string, filter: ParamFilter, raw: string): AppliedFilter {
  if ((filter.op === 'only' || filter.op === 'suffix') && !filter.allowed!.includes(raw))
    throw invalidParameter(`${name} must be ${filter.allowed!.join(' or ')} here: ${raw}`);
  if (filter.kind === 'code')
    return {
      filter,
      value: raw
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    };
  if (filter.kind === 'date') {
    const value = fromTushareDate(raw);
    if (value === null) throw invalidParameter(`${name} must be a date YYYYMMDD: ${raw}`);
    return { filter, value };
  }
  if (filter.kind === 'datetime') {
    const value = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(raw) ? raw : fromTushareDate(raw);
    if (value === null) throw invalidParameter(`${name} must be YYYY-MM-DD HH:MM:SS or YYYYMMDD: ${raw}`);
    return { filter, value };
  }
  return { filter, value: raw };
}

/** A stored value as Tushare writes it: dates YYYYMMDD, numbers in Tushare's units, levels L1-L3, `is_new` Y or N. */
function valueOf(source: FieldSource, value: unknown): TushareValue {
  if (source.from === 'current') return value === null || value === undefined ? 'Y' : 'N';
  if (source.from === 'fixed') return source.text;
  if (value === null || value === undefined) return null;
  if (source.kind === 'date') return toTushareDate(String(value));
  if (source.kind === 'number') return toTushareUnits(Number(value), source.power);
  if (source.kind === 'integer') return Number(value);
  if (source.kind === 'level') return `L${value}`;
  return String(value);
}

/**
 * Weekly and monthly bars are summed from the daily ones of whole periods: `trade_date` (a period's last
 * trading day) asks for its period, and `start_date` reaches back to the start of its period.
 */
function periodRange(period: PeriodInterval, params: Record<string, string>): Record<string, string> {
  const { trade_date: day, ...rest } = params;
  const start = (value: string) => toTushareDate(periodStart(fromTushareDate(value) ?? value, period))!;
  if (day !== undefined && fromTushareDate(day) !== null) return { ...rest, start_date: start(day), end_date: day };
  return rest.start_date !== undefined && fromTushareDate(rest.start_date) !== null
    ? { ...rest, start_date: start(rest.start_date) }
    : params;
}

const ROW_LIMIT_PARAMS = new Set(['limit', 'offset']);

function filtersOf(apiName: string, api: TushareApi, params: Record<string, string>): AppliedFilter[] {
  const given = { ...api.paramDefaults, ...params };
  if (api.requiresOneOf && !api.requiresOneOf.some((name) => given[name] !== undefined)) {
    throw invalidParameter(`${apiName} needs one of: ${api.requiresOneOf.join(', ')}`);
  }
  return Object.entries(given).flatMap(([name, raw]) => {
    const filter = api.params[name];
    if (filter === undefined) {
      if (ROW_LIMIT_PARAMS.has(name)) return [];
      throw invalidParameter(
        `${apiName} takes no parameter ${name}; it takes ${[...Object.keys(api.params), 'limit', 'offset'].join(', ')}`,
      );
    }
    return [applied(name, filter, raw)];
  });
}

function windowOf(api: TushareApi, params: Record<string, string>): { limit: number; offset: number } {
  const number = (name: string, fallback: number) => {
    if (params[name] === undefined) return fallback;
    const value = Number(params[name]);
    if (!Number.isInteger(value) || value < 0)
      throw invalidParameter(`${name} must be a whole number: ${params[name]}`);
    return value;
  };
  return { limit: Math.min(number('limit', api.cap), api.cap) || api.cap, offset: number('offset', 0) };
}

/** Weekly or monthly bars from the daily ones read (`read`: their fields, as `f0`, `f1`, …): the periods that have closed. */
async function periodRows(
  calendar: TradingCalendar,
  api: TushareApi,
  read: string[],
  rows: unknown[][],
  through: string | null,
): Promise<Record<string, unknown>[]> {
  const named = rows.map((row) => Object.fromEntries(read.map((name, i) => [name, row[i]])));
  const latest = (await calendar.latestTradingDay(through)) ?? '9999-12-31';
  const days = (await calendar.openDays()).between('1990-01-01', '2999-12-31');
  return [...groupBy(named, (bar) => String(bar.ts_code))].flatMap(([code, bars]) => {
    const daily = bars.reverse().map((bar) => ({
      date: String(bar.trade_date).slice(0, 10),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      pre_close: bar.pre_close,
      change: null,
      pct_change: null,
      volume: bar.vol,
      amount: bar.amount,
      turnover: null,
    })) as Parameters<typeof periodKlines>[0];
    return periodKlines(daily, api.period!, latest, days)
      .reverse()
      .map((kline) => ({
        ts_code: code,
        trade_date: kline.time,
        open: kline.open,
        high: kline.high,
        low: kline.low,
        close: kline.close,
        pre_close: kline.pre_close,
        change: kline.change,
        pct_chg: kline.pct_change,
        vol: kline.volume,
        amount: kline.amount,
      }));
  });
}

/**
 * A first page without rows while rows that match are hidden by the plan's delay: no_data naming the first
 * one's market time and when the plan sees it (as /v1 says it), not an empty answer that reads as "none".
 */
async function assertNotHidden(
  db: Db,
  api: TushareApi,
  filters: AppliedFilter[],
  visibility: Visibility,
): Promise<void> {
  const marketTime = api.layout.marketTime;
  if (marketTime === undefined) return;
  const cutoff = cutoffOf(visibility, marketTime.clock);
  if (cutoff === null || boundedBy(filters, marketTime.column, cutoff)) return;
  const hidden = await firstHiddenTime(db, api, filters, cutoff);
  if (hidden !== null)
    throw notYetVisible(visibility, marketTime.clock === 'minute' ? { time: hidden } : { date: hidden.slice(0, 10) });
}

/**
 * Whether a parameter holds the market time at or before the cut-off (`trade_date` a past day, `end_date` before
 * it): no matching row can be hidden then, and the store is not asked the same filters again.
 */
function boundedBy(filters: readonly AppliedFilter[], column: string, cutoff: string): boolean {
  // A day bounds a minute's market time through its end.
  const last = (value: string) => (value.length === 10 && cutoff.length > 10 ? `${value} 23:59:59` : value);
  return filters.some(
    ({ filter, value }) =>
      filter.column === column &&
      (filter.op === 'eq' || filter.op === 'lte') &&
      typeof value === 'string' &&
      last(value) <= cutoff,
  );
}

/**
 * A dated api asked by `ts_code`: each code's security answers its whole series under the code asked, its rows
 * under its other codes included, each former code's up to the day the next took over (the BSE's 920 codes from
 * 2025-10-09, a merger's new code), as `/v1` reads it. Returns the code each stored code answers under (a code
 * asked, its own).
 */
async function acrossCodeChanges(codes: CodeHistory, api: TushareApi, filters: AppliedFilter[]) {
  const askedAs = new Map<string, string>();
  if (api.layout.marketTime === undefined) return askedAs;
  for (const applied of filters) {
    if (applied.filter.column !== 'ts_code' || applied.filter.op !== 'in') continue;
    const asked = applied.value as string[];
    const named = new Set(asked);
    const resolved = await codes.resolve(asked);
    const spans = await codes.spans(resolved.map(({ code }) => code));
    for (const code of named) askedAs.set(code, code);
    const former: Array<{ code: string; until: string }> = [];
    for (const { requested, code } of resolved)
      for (const span of spans.get(code)!) {
        if (named.has(span.code)) continue;
        askedAs.set(span.code, requested);
        if (span.until === null) asked.push(span.code);
        else former.push({ code: span.code, until: span.until });
      }
    applied.former = former;
  }
  return askedAs;
}

/**
 * Whether an api's rows are a security's facts of days (a bar, an announcement: it has market time or is asked by
 * one day, as the flat files partition it), not the reference rows that are a security or a code's own record.
 */
const ofDays = (api: TushareApi): boolean =>
  api.layout.marketTime !== undefined || ['trade_date', 'ann_date'].some((name) => api.params[name]?.op === 'eq');

/**
 * Each row under the code its security answers to: the code asked where it was asked by another of its codes,
 * else its current code (a day's rows of a Beijing stock before 2025-10-09 under its 920 code), as `/v1`, the
 * flat files and qlib give it.
 */
async function answeredUnder(
  codes: CodeHistory | undefined,
  api: TushareApi,
  askedAs: ReadonlyMap<string, string>,
  rows: unknown[][],
  sources: readonly FieldSource[],
) {
  const at = sources.findIndex((source) => source.from === 'table' && source.column === 'ts_code');
  if (at < 0 || rows.length === 0 || !ofDays(api)) return rows;
  const unasked = [...new Set(rows.map((row) => String(row[at])))].filter((code) => !askedAs.has(code));
  const current = new Map(
    codes === undefined || unasked.length === 0
      ? []
      : (await codes.resolve(unasked)).map(({ requested, code }) => [requested, code] as const),
  );
  for (const row of rows) row[at] = askedAs.get(String(row[at])) ?? current.get(String(row[at])) ?? row[at];
  return rows;
}

/** Who asks: the key's scopes and what its plan sees now. */
export interface TushareCaller {
  scopes: readonly string[];
  visibility: Visibility;
}

/**
 * One call of the Tushare-compatible endpoint: the api's rows for the parameters that the caller's plan sees,
 * `fields` (Tushare's order when empty) in Tushare's units, at most the api's cap with `has_more`. An unknown
 * api_name, parameter or field → a failure naming what exists.
 */
export async function tushareQuery(
  db: Db,
  calendar: TradingCalendar,
  call: TushareCall,
  { scopes, visibility }: TushareCaller,
  codes?: CodeHistory,
): Promise<TushareData> {
  const api = TUSHARE_APIS[call.apiName];
  if (api === undefined) throw notFound(`Unknown api_name ${call.apiName}; supported: ${TUSHARE_API_NAMES.join(', ')}`);
  if (!scopes.includes(api.scope))
    throw insufficientPermissions(`This key has no ${api.scope} scope, which ${call.apiName} needs`);
  const all = await fieldsOf(db, api);
  const names = call.fields.length > 0 ? call.fields : [...(api.defaults ?? Object.keys(all))];
  const unknown = names.filter((name) => all[name] === undefined);
  if (unknown.length > 0)
    throw invalidParameter(
      `Unknown field of ${call.apiName}: ${unknown.join(', ')}; its fields: ${Object.keys(all).join(', ')}`,
    );
  const window = windowOf(api, call.params);
  // Weekly and monthly read the daily bars of whole periods (periodRange), then page the periods.
  const filters = filtersOf(
    call.apiName,
    api,
    api.period === undefined ? call.params : periodRange(api.period, call.params),
  );
  const askedAs = codes === undefined ? new Map<string, string>() : await acrossCodeChanges(codes, api, filters);
  const marketTime = api.layout.marketTime;
  const cutoff = marketTime === undefined ? null : cutoffOf(visibility, marketTime.clock);
  if (api.period !== undefined) {
    const read = Object.keys(api.fields);
    const daily = await tushareRows(
      db,
      api,
      filters,
      read.map((name) => all[name]!),
      { limit: 1_000_000, offset: 0 },
      cutoff,
    );
    if (daily.length === 0) await assertNotHidden(db, api, filters, visibility);
    const periods = await periodRows(
      calendar,
      api,
      read,
      await answeredUnder(
        codes,
        api,
        askedAs,
        daily,
        read.map((name) => all[name]!),
      ),
      visibility.dailyThrough,
    );
    const page = periods.slice(window.offset, window.offset + window.limit + 1);
    return {
      fields: names,
      items: page.slice(0, window.limit).map((bar) => names.map((name) => valueOf(all[name]!, bar[name]))),
      has_more: page.length > window.limit,
    };
  }
  const sources = names.map((name) => all[name]!);
  const rows = await answeredUnder(
    codes,
    api,
    askedAs,
    await tushareRows(db, api, filters, sources, window, cutoff),
    sources,
  );
  if (rows.length === 0 && window.offset === 0) await assertNotHidden(db, api, filters, visibility);
  const items = rows.slice(0, window.limit).map((row) => sources.map((source, i) => valueOf(source, row[i])));
  return { fields: names, items, has_more: rows.length > window.limit };
}
