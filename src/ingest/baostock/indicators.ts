import { INDICATOR_SOURCES, type IndicatorQuery } from '../../domain/tables/datasetDescriptors';
import { compact, reportingPeriodsOf } from '../../domain/time/syncPeriods';
import type { BaostockRecord } from './baostockClient';
import { tsCodeOf, type TushareRecord } from './layout';

/** The six indicator queries in the order the sync asks them. */
export const INDICATOR_QUERIES: readonly IndicatorQuery[] = [
  'profit',
  'operation',
  'growth',
  'balance',
  'cashflow',
  'dupont',
];

/**
 * One stock-quarter's six indicator replies as rows of `quarterly_indicators`: the records of one report period
 * and publication merged into one row (a query whose record another day published makes a row of its own), each
 * column from its query's field, empty where Baostock sends none. Pure, no I/O.
 */
export function indicatorRecords(replies: Partial<Record<IndicatorQuery, BaostockRecord[]>>): TushareRecord[] {
  const rows = new Map<string, TushareRecord>();
  for (const query of INDICATOR_QUERIES) {
    for (const record of replies[query] ?? []) {
      const key = `${record.code}|${record.statDate}|${record.pubDate}`;
      const row = rows.get(key) ?? {
        ts_code: tsCodeOf(record.code!),
        end_date: compact(record.statDate!),
        ann_date: compact(record.pubDate!),
      };
      for (const [column, [from, field]] of Object.entries(INDICATOR_SOURCES))
        if (from === query) row[column] = record[field] ?? '';
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}

/** The report periods (year, quarter) whose end falls in a range of days, as Baostock's quarterly queries name them. */
export function quartersIn(since: string, until: string): { year: string; quarter: string }[] {
  return reportingPeriodsOf(since, until).map(({ period }) => ({
    year: period.slice(0, 4),
    quarter: String(Number(period.slice(5, 7)) / 3),
  }));
}
