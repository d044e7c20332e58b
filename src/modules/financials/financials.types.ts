import type { components } from '../../../generated/api';

/**
 * What the financials services hand the handlers and their serializer: pages of records per symbol, and the wire
 * names of the metrics (a type and a list the compiler holds complete).
 */
/** One symbol's page of periods, newest first. */
export interface SymbolPage<R> {
  symbol: string;
  /** The old code the request named, when it named one. */
  requested_symbol?: string;
  name: string;
  records: R[];
}

export interface Pages<R> {
  pages: SymbolPage<R>[];
  /** Listed periods of the symbol that has the most. */
  total: number;
}

export type FinancialMetricsRecord = Required<components['schemas']['FinancialMetricsRecord']>;
export type MetricName = Exclude<keyof FinancialMetricsRecord, 'report_date' | 'report_name'>;

export const METRIC_NAMES = [
  'roe',
  'roa',
  'gross_margin',
  'net_margin',
  'debt_to_asset_ratio',
  'current_ratio',
  'eps',
  'bps',
  'operating_cash_flow_per_share',
  'revenue_growth',
  'net_profit_growth',
  'net_profit_parent_growth',
] as const satisfies readonly MetricName[];
