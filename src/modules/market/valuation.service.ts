import { groupBy } from '../../domain/api/collections';
import { noData } from '../../domain/api/errors';
import { valuationRows } from './crossSection.repository';
import type { Visibility } from '../../domain/time/marketTime';
import { dailyWindow } from '../common/dateWindow.service';
import { knownSecurities, type MarketSources } from './market.service';
import type { ValuationSeries } from './market.types';

export interface ValuationRequest {
  symbols: string[];
  begin?: string;
  end?: string;
}

/**
 * Valuation series of up to 50 securities in request order, newest first, in the daily route's window (30
 * trading days to the latest by default, at most 3 years), never past the latest trading day the plan sees:
 * two queries besides the securities' lookup.
 */
export async function valuationSeries(
  { db, codes, calendar }: MarketSources,
  request: ValuationRequest,
  visibility: Visibility,
): Promise<ValuationSeries[]> {
  const securities = await knownSecurities(db, codes, request.symbols, visibility.dailyThrough);
  const window = await dailyWindow(calendar, await calendar.openDays(), request.begin, request.end, visibility);
  const end = window.end < window.latest ? window.end : window.latest;
  const byCode = groupBy(
    await valuationRows(db, [...new Set(securities.map((security) => security.ts_code))], window.begin, end),
    (row) => row[0],
  );
  const series = securities.map((security) => ({ security, rows: byCode.get(security.ts_code) ?? [] }));
  if (series.every((one) => one.rows.length === 0))
    throw noData(`No valuation for ${request.symbols.join(', ')} between ${window.begin} and ${end}`);
  return series;
}
