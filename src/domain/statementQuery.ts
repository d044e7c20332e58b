import type { PeriodKind } from './reportPeriods';
import { parseSymbolList } from './symbols';
import { pageWindow } from './pagination';
import { exchangeToday } from './clock';

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
