import { groupBy } from '../../domain/api/collections';
import { noData } from '../../domain/api/errors';
import { valuationRows } from './crossSection.repository';
import type { Visibility } from '../../domain/time/marketTime';
import { dailyWindow } from '../common/dateWindow.service';
import { knownSecurities, type MarketSources } from './market.service';
import type { SecurityAnchor, ValuationSeries } from './market.types';

export interface ValuationRequest {
  symbols: string[];
  begin?: string;
  end?: string;
}

/** A valuation request's securities and its window: the daily route's, never past the latest day the plan sees. */
export async function valuationScope(
  { db, codes, calendar }: MarketSources,
  request: ValuationRequest,
  visibility: Visibility,
): Promise<{ securities: SecurityAnchor[]; begin: string; end: string }> {
  const securities = await knownSecurities(db, codes, request.symbols, visibility.dailyThrough);
  const window = await dailyWindow(calendar, await calendar.openDays(), request.begin, request.end, visibility);
  return { securities, begin: window.begin, end: window.end < window.latest ? window.end : window.latest };
}

/** No day of any requested security in the window. */
export const noValuation = (request: ValuationRequest, begin: string, end: string) =>
  noData(`No valuation for ${request.symbols.join(', ')} between ${begin} and ${end}`);

/**
 * Valuation series of up to 50 securities in request order, newest first, in the daily route's window (30
 * trading days to the latest by default, at most 3 years), never past the latest trading day the plan sees:
 * two queries besides the securities' lookup.
 */
export async function valuationSeries(
  sources: MarketSources,
  request: ValuationRequest,
  visibility: Visibility,
): Promise<ValuationSeries[]> {
  const { securities, begin, end } = await valuationScope(sources, request, visibility);
  const byCode = groupBy(
    await valuationRows(sources.db, [...new Set(securities.map((security) => security.ts_code))], begin, end),
    (row) => row[0],
  );
  const series = securities.map((security) => ({ security, rows: byCode.get(security.ts_code) ?? [] }));
  if (series.every((one) => one.rows.length === 0)) throw noValuation(request, begin, end);
  return series;
}
