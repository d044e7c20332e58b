import type { Db } from '../../db/connection';
import { periodEnd, periodStart } from '../../domain/time/calendar';
import { noData } from '../../domain/api/errors';
import {
  dailyKline,
  isMinuteInterval,
  minuteKlines,
  minutesOf,
  periodKlines,
  type DayInterval,
  type Interval,
} from '../../domain/market/klines';
import { assertOrdered } from '../../domain/time/dateRange';
import { priceDecimalsOf } from '../../domain/market/adjust';
import { assertBeginVisible, requireLatestTradingDay } from '../common/dateWindow.service';
import { factorsOn, hasMinuteBars, latestSession, minuteBars, type BarTable } from './market.repository';
import { assertMinutesNotHidden } from './intraday.service';
import type { SecurityAnchor } from './market.types';
import { securityBars, type MarketSources } from './market.service';
import type { Visibility } from '../../domain/time/marketTime';
import type { KlineSeries } from './market.types';

/** The five-minute bars serve intervals of this many minutes and more. */
const FIVE_MINUTES = 5;

export interface KlineRequest {
  security: SecurityAnchor;
  interval: Interval;
  begin?: string;
  end?: string;
  adjusted: boolean;
  limit: number;
}

/** Klines newest first: minute intervals from one-minute bars, day and longer from daily bars. */
export async function klineSeries(
  sources: MarketSources,
  request: KlineRequest,
  visibility: Visibility,
): Promise<KlineSeries> {
  const { interval } = request;
  const series = isMinuteInterval(interval)
    ? await minuteKlineSeries(sources.db, request, minutesOf(interval), visibility)
    : await dayKlines(sources, { ...request, interval }, visibility);
  if (series.klines.length === 0)
    throw noData(`No ${request.interval} data for ${request.security.ts_code} in the requested range`);
  return series;
}

async function dayKlines(
  { db, codes, calendar }: MarketSources,
  request: KlineRequest & { interval: DayInterval },
  visibility: Visibility,
): Promise<KlineSeries> {
  const { security, interval, adjusted, limit } = request;
  const cutoff = visibility.dailyThrough;
  const latest = await requireLatestTradingDay(calendar, visibility);
  await assertBeginVisible(calendar, visibility, request.begin, latest);
  const end = request.end ?? latest;
  if (request.begin) assertOrdered(request.begin, end, request.end !== undefined);
  if (interval === 'daily') {
    const series = await securityBars(
      db,
      codes,
      security,
      { begin: request.begin ?? null, end, limit },
      adjusted,
      cutoff,
    );
    return { security, interval, anchorDate: series.anchorDate, klines: series.bars.map(dailyKline) };
  }
  const begin = request.begin ? periodStart(request.begin, interval) : null;
  const series = await securityBars(
    db,
    codes,
    security,
    { begin, end: periodEnd(end, interval), limit: null },
    adjusted,
    cutoff,
  );
  const oldestFirst = [...series.bars].reverse();
  const first = oldestFirst[0]?.date ?? end;
  const openDays = (await calendar.openDays()).between(periodStart(first, interval), periodEnd(latest, interval));
  const klines = periodKlines(oldestFirst, interval, latest, openDays).filter(
    (kline) => kline.time <= periodEnd(end, interval),
  );
  return { security, interval, anchorDate: series.anchorDate, klines: klines.reverse().slice(0, limit) };
}

/**
 * Where minute klines of `size` minutes are read, and the session they end on (the request's end, or the latest
 * visible): the one-minute bars where the requested days have any; for five minutes and more, else the stored
 * five-minute bars (Baostock's history) — one query more only on that path.
 */
async function minuteSource(
  db: Db,
  request: KlineRequest,
  size: number,
  cutoff: string | null,
): Promise<{ table: BarTable; session: string | null }> {
  const code = request.security.ts_code;
  const session = request.end ?? (await latestSession(db, 'intraday_bars', code, cutoff));
  if (size < FIVE_MINUTES || (session !== null && request.end === undefined))
    return { table: 'intraday_bars', session };
  if (
    session !== null &&
    (await hasMinuteBars(db, code, `${request.begin ?? session} 00:00:00`, `${session} 23:59:59`, cutoff))
  )
    return { table: 'intraday_bars', session };
  return {
    table: 'five_minute_bars',
    session: request.end ?? (await latestSession(db, 'five_minute_bars', code, cutoff)),
  };
}

async function minuteKlineSeries(
  db: Db,
  request: KlineRequest,
  size: number,
  visibility: Visibility,
): Promise<KlineSeries> {
  const { security, interval, adjusted, limit } = request;
  const cutoff = visibility.minuteThrough;
  const { table, session } = await minuteSource(db, request, size, cutoff);
  if (session === null) {
    await assertMinutesNotHidden(db, table, security.ts_code, visibility, null);
    return { security, interval, anchorDate: null, klines: [] };
  }
  const begin = request.begin ?? session;
  assertOrdered(begin, session, request.end !== undefined);
  const bars = await minuteBars(db, security.ts_code, `${begin} 00:00:00`, `${session} 23:59:59`, cutoff, table);
  if (bars.length === 0)
    await assertMinutesNotHidden(db, table, security.ts_code, visibility, {
      from: `${begin} 00:00:00`,
      to: `${session} 23:59:59`,
    });
  const anchor = adjusted ? security.anchor_factor : null;
  const factors = anchor === null ? new Map<string, number>() : await factorsOn(db, security.ts_code, begin, session);
  const ratio = (date: string) => (anchor === null ? 1 : (factors.get(date) ?? anchor) / anchor);
  const klines = minuteKlines(bars, size, ratio, priceDecimalsOf(security.kind)).reverse().slice(0, limit);
  return { security, interval, anchorDate: anchor === null ? null : security.anchor_date, klines };
}
