import { METRIC_NAMES, type FinancialMetricsRecord } from './financials.types';
import { financialMetrics, type MetricBalance, type MetricIncome } from '../../domain/statements/financialRatios';
import { previousYearEnd, reportName, yearEarlier, type PeriodKind } from '../../domain/statements/reportPeriods';
import { figuresOfKind, type Figures, type TtmRule } from '../../domain/statements/ttm';
import { BALANCE_COLUMNS } from './balanceSheet.service';
import { CASH_FLOW_COLUMNS } from './cashFlow.service';
import type { FigureReader, FigureReaders } from './financials.service';
import { INCOME_COLUMNS, INCOME_TTM } from './incomeStatement.service';
import { figureOf, figuresReader, type ColumnMap, type StatementSet } from './statementFigures.service';
import type { MissingFields, NoneMissing } from '../../domain/api/fields';

export const METRICS_FIELDS = ['report_date', 'report_name', ...METRIC_NAMES] as const;

export type MetricFieldsComplete = NoneMissing<MissingFields<FinancialMetricsRecord, typeof METRICS_FIELDS>>;

/** The figures the metrics take of each statement (13 of the 96 the statements' readers take), proven complete at compile time. */
const INCOME_FIGURES = [
  'revenue',
  'operating_cost',
  'operating_profit',
  'net_profit',
  'net_profit_parent',
  'basic_eps',
] as const satisfies readonly (keyof MetricIncome)[];
const BALANCE_FIGURES = [
  'total_assets',
  'total_liabilities',
  'total_current_assets',
  'total_current_liabilities',
  'equity_parent',
  'share_capital',
] as const satisfies readonly (keyof MetricBalance)[];
const CASH_FLOW_FIGURES = ['net_operating_cash_flow'] as const;
export type MetricIncomeComplete = NoneMissing<MissingFields<MetricIncome, typeof INCOME_FIGURES>>;
export type MetricBalanceComplete = NoneMissing<MissingFields<MetricBalance, typeof BALANCE_FIGURES>>;

/** A reader of only `fields` of a statement's columns. */
function readerOf(columns: ColumnMap, fields: readonly string[]): FigureReader {
  const chosen = Object.fromEntries(fields.map((field) => [field, columns[field]!]));
  return { columns: Object.values(chosen), toFigures: figuresReader(chosen) };
}

/**
 * The metrics' readers: only the figures they take. Read whole, the statements of a whole market's period
 * (5,000 companies, five periods of three statements) were most of a metrics cross-section's time and memory.
 */
export const METRIC_READERS: FigureReaders = {
  income: readerOf(INCOME_COLUMNS, INCOME_FIGURES),
  balance: readerOf(BALANCE_COLUMNS, BALANCE_FIGURES),
  cashFlow: readerOf(CASH_FLOW_COLUMNS, CASH_FLOW_FIGURES),
};

/** The statements' TTM rules on those figures (the same sums and decimals). */
const INCOME_FIGURES_TTM: TtmRule = { flows: INCOME_FIGURES, decimals: INCOME_TTM.decimals };
const CASH_FLOW_FIGURES_TTM: TtmRule = { flows: CASH_FLOW_FIGURES };

/** The named figures of a period, each null when the period or the figure is missing. */
const figuresNamed = <F extends string>(fields: readonly F[], figures: Figures | null | undefined) =>
  Object.fromEntries(fields.map((field) => [field, figureOf(figures, field)])) as Record<F, number | null>;

const incomeOf = (figures: Figures | null): MetricIncome | null =>
  figures === null ? null : figuresNamed(INCOME_FIGURES, figures);
const balanceOf = (figures: Figures | undefined): MetricBalance | null =>
  figures === undefined ? null : figuresNamed(BALANCE_FIGURES, figures);
const NO_INCOME: MetricIncome = figuresNamed(INCOME_FIGURES, null);

/**
 * The metrics of one period: flows of the period kind, balances at its end and at the opening of its flows
 * (the previous year end for annual and year-to-date figures, the period end a year earlier for TTM).
 */
export function toMetricsRecord(set: StatementSet, endDate: string, kind: PeriodKind): FinancialMetricsRecord {
  const opening = kind === 'ttm' ? yearEarlier(endDate) : previousYearEnd(endDate);
  const metrics = financialMetrics({
    income: incomeOf(figuresOfKind(set.income, endDate, kind, INCOME_FIGURES_TTM)) ?? NO_INCOME,
    priorIncome: incomeOf(figuresOfKind(set.income, yearEarlier(endDate), kind, INCOME_FIGURES_TTM)),
    closing: balanceOf(set.balance.get(endDate)),
    opening: balanceOf(set.balance.get(opening)),
    operatingCashFlow: figureOf(
      figuresOfKind(set.cashFlow, endDate, kind, CASH_FLOW_FIGURES_TTM),
      'net_operating_cash_flow',
    ),
  });
  return { report_date: endDate, report_name: reportName(endDate, kind), ...metrics };
}
