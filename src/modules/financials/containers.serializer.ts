import type { components } from '../../../generated/api';
import { pickFields, sameFields } from '../../domain/api/fields';
import { METRIC_NAMES, type FinancialMetricsRecord, type MetricName, type SymbolPage } from './financials.types';

/** A record of the chosen fields: one built with exactly those in their order is itself, not a copy. */
export const recordOfFields = <R extends object, F extends keyof R>(record: R, fields: readonly F[]): Pick<R, F> =>
  sameFields(Object.keys(record), fields) ? record : pickFields(record, fields);

/**
 * Pages → `{symbol, name, <list>: records with the chosen fields}`, one container per symbol. A record built
 * with exactly the chosen fields in their order (a balance sheet or cash flow asked whole: 80 fields) is kept
 * as it is, not copied: the records are this request's own.
 */
export function containerList<R extends object, F extends keyof R, L extends string>(
  pages: SymbolPage<R>[],
  listName: L,
  fields: readonly F[],
) {
  type Container = { symbol: string; requested_symbol?: string; name: string } & Record<L, Pick<R, F>[]>;
  const picked = (record: R) => recordOfFields(record, fields);
  return pages.map(
    (page) =>
      ({
        symbol: page.symbol,
        ...(page.requested_symbol === undefined ? {} : { requested_symbol: page.requested_symbol }),
        name: page.name,
        [listName]: page.records.map(picked),
      }) as Container,
  );
}

/** One symbol asked: its container; a list: all of them. */
export const oneOrAll = <C>(containers: C[], single: boolean): C | C[] => (single ? containers[0]! : containers);

export type Fundamentals = components['schemas']['Fundamentals'];

/** The latest period's metrics of one symbol, all of them or the one named. */
export function fundamentalsOf(page: SymbolPage<FinancialMetricsRecord>, metric: MetricName | undefined): Fundamentals {
  const { report_date, report_name, ...metrics } = page.records[0]!;
  return {
    symbol: page.symbol,
    ...(page.requested_symbol === undefined ? {} : { requested_symbol: page.requested_symbol }),
    name: page.name,
    report_date,
    report_name,
    metrics: pickFields(metrics, metric ? [metric] : METRIC_NAMES),
  };
}
