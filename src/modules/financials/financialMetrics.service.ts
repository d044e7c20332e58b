import { METRIC_NAMES, type FinancialMetricsRecord } from './financials.types';
import { financialMetrics, type MetricBalance, type MetricIncome } from '../../domain/statements/financialRatios';
import { previousYearEnd, reportName, yearEarlier, type PeriodKind } from '../../domain/statements/reportPeriods';
import { figuresOfKind, type Figures } from '../../domain/statements/ttm';
import { CASH_FLOW_TTM } from './cashFlow.service';
import { INCOME_TTM } from './incomeStatement.service';
import { figureOf, type StatementSet } from './statementFigures.service';
import type { MissingFields, NoneMissing } from '../../domain/api/fields';

export const METRICS_FIELDS = ['report_date', 'report_name', ...METRIC_NAMES] as const;

export type MetricFieldsComplete = NoneMissing<MissingFields<FinancialMetricsRecord, typeof METRICS_FIELDS>>;

function incomeOf(figures: Figures | null): MetricIncome | null {
  if (figures === null) return null;
  return {
    revenue: figureOf(figures, 'revenue'),
    operating_cost: figureOf(figures, 'operating_cost'),
    operating_profit: figureOf(figures, 'operating_profit'),
    net_profit: figureOf(figures, 'net_profit'),
    net_profit_parent: figureOf(figures, 'net_profit_parent'),
    basic_eps: figureOf(figures, 'basic_eps'),
  };
}

function balanceOf(figures: Figures | undefined): MetricBalance | null {
  if (figures === undefined) return null;
  return {
    total_assets: figureOf(figures, 'total_assets'),
    total_liabilities: figureOf(figures, 'total_liabilities'),
    total_current_assets: figureOf(figures, 'total_current_assets'),
    total_current_liabilities: figureOf(figures, 'total_current_liabilities'),
    equity_parent: figureOf(figures, 'equity_parent'),
    share_capital: figureOf(figures, 'share_capital'),
  };
}

const NO_INCOME: MetricIncome = {
  revenue: null,
  operating_cost: null,
  operating_profit: null,
  net_profit: null,
  net_profit_parent: null,
  basic_eps: null,
};

/**
 * The metrics of one period: flows of the period kind, balances at its end and at the opening of its flows
 * (the previous year end for annual and year-to-date figures, the period end a year earlier for TTM).
 */
export function toMetricsRecord(set: StatementSet, endDate: string, kind: PeriodKind): FinancialMetricsRecord {
  const opening = kind === 'ttm' ? yearEarlier(endDate) : previousYearEnd(endDate);
  const metrics = financialMetrics({
    income: incomeOf(figuresOfKind(set.income, endDate, kind, INCOME_TTM)) ?? NO_INCOME,
    priorIncome: incomeOf(figuresOfKind(set.income, yearEarlier(endDate), kind, INCOME_TTM)),
    closing: balanceOf(set.balance.get(endDate)),
    opening: balanceOf(set.balance.get(opening)),
    operatingCashFlow: figureOf(figuresOfKind(set.cashFlow, endDate, kind, CASH_FLOW_TTM), 'net_operating_cash_flow'),
  });
  return { report_date: endDate, report_name: reportName(endDate, kind), ...metrics };
}
