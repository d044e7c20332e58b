import type { Db } from '../../db/connection';
import { noData } from '../../domain/api/errors';
import type { Visibility } from '../../domain/time/marketTime';
import type { QuoteSource, SecurityAnchor } from './market.types';
import { latestCloses, latestLiveQuotes } from './quote.repository';

/**
 * The latest quote of each security that the plan sees (minute delays on the snapshot's market time; the
 * daily delay on a stand-in bar), in request order; a security with neither is left out, and when none has
 * one → no_data.
 */
export async function latestQuotes(
  db: Db,
  securities: readonly SecurityAnchor[],
  visibility: Visibility,
): Promise<QuoteSource[]> {
  const codes = securities.map((security) => security.ts_code);
  const live = new Map((await latestLiveQuotes(db, codes, visibility.minuteThrough)).map((row) => [row.ts_code, row]));
  const missing = codes.filter((code) => !live.has(code));
  const closes = new Map(
    missing.length === 0
      ? []
      : (await latestCloses(db, missing, visibility.dailyThrough)).map((row) => [row.ts_code, row]),
  );
  const quotes = securities.flatMap((security): QuoteSource[] => {
    const row = live.get(security.ts_code);
    if (row !== undefined) return [{ security, basis: 'live', live: row }];
    const close = closes.get(security.ts_code);
    return close === undefined ? [] : [{ security, basis: 'close', close }];
  });
  if (quotes.length === 0)
    throw noData(`No quote of ${codes.join(', ')} is visible to the ${visibility.plan} plan yet`);
  return quotes;
}
