import type { Db } from '../../db/connection';
import { marketVersion } from '../../db/storedDays';
import {
  daysBetween,
  storedValuationYears,
  storeValuationYears,
  valuationYearOf,
  yearKey,
  type ValuationYear,
  type ValuationYearToKeep,
} from '../../db/storedValuationYears';
import { groupBy } from '../../domain/api/collections';
import { sameFields } from '../../domain/api/fields';
import { okText, seriesJson } from '../../http/envelope';
import type { JsonText } from '../../http/answers/answerStore';
import { derivedLayout } from '../../paths';
import { valuationRows } from './crossSection.repository';
import { toValuationSeries, VALUATION_WIRE_FIELDS, type ValuationWireField } from './market.serializer';
import type { MarketSources } from './market.service';
import type { SecurityAnchor } from './market.types';
import { noValuation, valuationScope, valuationSeries, type ValuationRequest } from './valuation.service';
import type { Visibility } from '../../domain/time/marketTime';

/** The calendar years from `begin`'s through `end`'s, newest first. */
const yearsBetween = (begin: string, end: string) =>
  Array.from(
    { length: Number(end.slice(0, 4)) - Number(begin.slice(0, 4)) + 1 },
    (_, i) => Number(end.slice(0, 4)) - i,
  );

/**
 * The years of these securities not stored, read from daily_basic (whole years: those the window cuts too) and
 * written as the route writes each day with every field, and what keeps them under the market version read
 * before (a year with no day is kept too: it is known to be empty).
 */
async function yearsRead(
  db: Db,
  securities: readonly SecurityAnchor[],
  years: readonly number[],
  layout: string,
): Promise<{ read: ValuationYearToKeep[]; keep: () => void }> {
  const readUnder = await marketVersion(db);
  const codes = securities.map((security) => security.ts_code);
  const rows = groupBy(await valuationRows(db, codes, `${years.at(-1)}-01-01`, `${years[0]}-12-31`), (row) => row[0]);
  const read = securities.flatMap((security) => {
    const days = toValuationSeries(
      { security, rows: rows.get(security.ts_code) ?? [] },
      VALUATION_WIRE_FIELDS,
    ).valuation;
    const byYear = groupBy(days, (day) => day.date!.slice(0, 4));
    return years.map((year) => ({
      code: security.ts_code,
      year,
      stored: valuationYearOf((byYear.get(String(year)) ?? []).map((day) => JSON.stringify(day))),
    }));
  });
  // A store that fails costs the next read of these years.
  return { read, keep: () => void storeValuationYears(db, layout, read, readUnder).catch(() => {}) };
}

/**
 * Valuation series as JSON text: asked with every field, each security's days are slices of its stored years
 * (src/db/storedValuationYears.ts; the years not stored are read and kept by this read), never decoded row by
 * row; with some fields, written from the rows (valuationSeries). The same text as JSON.stringify of the envelope.
 */
export async function valuationAnswer(
  sources: MarketSources,
  request: ValuationRequest,
  visibility: Visibility,
  fields: readonly ValuationWireField[],
): Promise<JsonText> {
  const whole = sameFields(fields, VALUATION_WIRE_FIELDS);
  if (!whole)
    // A series' days made, written and let go one series at a time.
    return okText(
      (await valuationSeries(sources, request, visibility)).map((one) =>
        seriesJson(toValuationSeries(one, fields), 'valuation'),
      ),
      false,
    );
  const { securities, begin, end } = await valuationScope(sources, request, visibility);
  const years = yearsBetween(begin, end);
  const layout = await derivedLayout('valuation', fields);
  const codes = securities.map((security) => security.ts_code);
  const stored: Map<string, ValuationYear> = await storedValuationYears(sources.db, codes, years, layout);
  const missing = [...new Map(securities.map((security) => [security.ts_code, security])).values()].filter((security) =>
    years.some((year) => !stored.has(yearKey(security.ts_code, year))),
  );
  const { read, keep } = missing.length > 0 ? await yearsRead(sources.db, missing, years, layout) : { read: [] };
  for (const { code, year, stored: days } of read) stored.set(yearKey(code, year), days);
  const slices = securities.map((security) =>
    years
      .map((year) => daysBetween(stored.get(yearKey(security.ts_code, year))!, begin, end))
      .filter((s) => s.length > 0),
  );
  if (slices.every((days) => days.length === 0)) throw noValuation(request, begin, end);
  return okText(
    securities.map((security, i) => {
      const [head] = seriesJson(toValuationSeries({ security, rows: [] }, fields), 'valuation');
      return [head!, '[', ...slices[i]!.flatMap((days, j) => (j === 0 ? [days] : [',', days])), ']}'];
    }),
    false,
    keep,
  );
}
