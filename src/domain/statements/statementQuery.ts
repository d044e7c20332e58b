import { periodOf, type PeriodKind } from './reportPeriods';
import { invalidParameter } from '../api/errors';
import { parseSymbolList } from '../reference/symbols';
import { pageWindow } from '../api/pagination';
import { exchangeToday } from '../time/clock';

const REPORT_TYPE_CODES = { consolidated: 1, parent: 6 } as const;

export interface StatementQuery {
  symbols: string[];
  single: boolean;
  kind: PeriodKind;
  /** Tushare report_type: 1 consolidated, 6 parent company. */
  reportType: number;
  begin?: string;
  end: string;
  asOf?: string;
  limit: number;
  offset: number;
  /** Every symbol is known to have the one period `end` (a cross-section's page, read from the period index). */
  periodKnown?: true;
  /** The name of each symbol, all of them current codes of known securities (a cross-section's page, read with its names). */
  names?: ReadonlyMap<string, string>;
}

export interface StatementParams {
  symbol: string;
  period?: PeriodKind;
  begin_date?: string;
  end_date?: string;
  report_type?: keyof typeof REPORT_TYPE_CODES;
  as_of?: string;
  limit?: number;
  page?: number;
  offset?: number;
}

export const MAX_STATEMENT_SYMBOLS = 10;

/**
 * Validated query parameters of the statement endpoints → a typed query (symbols may throw AppError); the
 * range ends today on the exchange's clock unless `end_date` says otherwise.
 */
export function parseStatementQuery(params: StatementParams, today = exchangeToday()): StatementQuery {
  const { symbols, single } = parseSymbolList(params.symbol, MAX_STATEMENT_SYMBOLS);
  const window = pageWindow(params, 5);
  return {
    symbols,
    single,
    kind: params.period ?? 'annual',
    reportType: REPORT_TYPE_CODES[params.report_type ?? 'consolidated'],
    begin: params.begin_date,
    end: params.end_date ?? today,
    asOf: params.as_of,
    ...window,
  };
}

export interface PeriodCrossSectionParams {
  report_date: string;
  report_type?: keyof typeof REPORT_TYPE_CODES;
  as_of?: string;
  limit?: number;
  page?: number;
  offset?: number;
}

/** Every company's statement of one reporting period: a period end, its kind, and a page of companies. */
export interface PeriodCrossSectionQuery {
  reportDate: string;
  /** Year ends are annual reports; the other quarter ends year-to-date quarterly ones. */
  kind: PeriodKind;
  reportType: number;
  asOf?: string;
  window: { limit: number; offset: number };
}

/** Companies per page of a financial cross-section by default (a whole market is about 5,400). */
export const CROSS_SECTION_PAGE = 1000;

export function parsePeriodCrossSection(params: PeriodCrossSectionParams): PeriodCrossSectionQuery {
  const period = periodOf(params.report_date);
  if (period === null)
    throw invalidParameter(
      `report_date ${params.report_date} ends no reporting period: use YYYY-03-31, -06-30, -09-30 or -12-31`,
    );
  return {
    reportDate: params.report_date,
    kind: period.quarter === 4 ? 'annual' : 'quarterly',
    reportType: REPORT_TYPE_CODES[params.report_type ?? 'consolidated'],
    asOf: params.as_of,
    window: pageWindow(params, CROSS_SECTION_PAGE),
  };
}
