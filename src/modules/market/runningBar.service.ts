import type { Db } from '../../db/connection';
import type { Snapshot } from '../../domain/market/quotes';
import type { Visibility } from '../../domain/time/marketTime';
import { runningDailyBar } from '../../domain/market/runningBar';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import type { DateWindow } from '../common/dateWindow.service';
import type { StoredBar } from './market.repository';
import type { DailySeries, SecurityAnchor } from './market.types';
import { latestLiveQuotes } from './quote.repository';

/** The newest live quote the plan sees of each of some codes. */
export type LiveQuotes = (tsCodes: readonly string[]) => Promise<Map<string, Snapshot>>;

/**
 * Where today's running bars come from, or null when none is owed: only when the store holds live quotes of
 * a day after the newest stored day the plan sees, inside the requested window — known from memory, so that
 * outside sessions and after the import a daily request asks no more than before.
 */
export async function runningQuotes(
  db: Db,
  calendar: TradingCalendar,
  window: DateWindow,
  end: string | undefined,
  visibility: Visibility,
): Promise<LiveQuotes | null> {
  const day = await calendar.liveDay();
  if (day === null || day <= window.latest || day < window.begin || (end !== undefined && day > end)) return null;
  return async (tsCodes) => {
    const quotes = await latestLiveQuotes(db, tsCodes, visibility.minuteThrough);
    return new Map(quotes.filter((quote) => quote.time.slice(0, 10) === day).map((quote) => [quote.ts_code, quote]));
  };
}

/**
 * A security's series with today's running bar on top when its live quote is of a day after its newest stored
 * bar (`stored` newest first, `before` its bar before them): the bar continues that bar's factor and anchors
 * the forward adjustment (`toSeries` builds the series), and is marked with its market time and whether the
 * close is in. Without one, the series as `toSeries` builds it.
 */
export function withRunningBar(
  security: SecurityAnchor,
  stored: readonly StoredBar[],
  before: StoredBar | null,
  quote: Snapshot | undefined,
  toSeries: (security: SecurityAnchor, stored: readonly StoredBar[]) => DailySeries,
): DailySeries {
  const newest = stored[0] ?? before;
  const running =
    quote === undefined || (newest !== null && newest.trade_date >= quote.time.slice(0, 10))
      ? null
      : runningDailyBar(quote, newest);
  if (running === null) return toSeries(security, stored);
  const { bar, asOf, final } = running;
  const anchored =
    security.anchor_factor === null
      ? security
      : { ...security, anchor_date: bar.trade_date, anchor_factor: bar.adj_factor };
  const series = toSeries(anchored, [{ ...bar, ts_code: security.ts_code }, ...stored]);
  const [top, ...rest] = series.bars;
  return top?.date === bar.trade_date ? { ...series, bars: [{ ...top, final, as_of: asOf }, ...rest] } : series;
}
