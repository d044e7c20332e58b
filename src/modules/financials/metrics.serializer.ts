import type { components } from '../../../generated/api';
import { financialMetrics, type MetricBalance, type MetricIncome } from '../../domain/metrics';
import { previousYearEnd, reportName, yearEarlier, type PeriodKind } from '../../domain/reportPeriods';
import { figuresOfKind, type Figures } from '../../domain/ttm';
import { CASH_FLOW_TTM } from './cashFlow.serializer';
import { INCOME_TTM } from './income.serializer';
import type { MissingFields, NoneMissing } from '../../domain/fields';

export type FinancialMetricsRecord = Required<components['schemas']['FinancialMetricsRecord']>;
export type MetricName = Exclude<keyof FinancialMetricsRecord, 'report_date' | 'report_name'>;

export const METRIC_NAMES = [
  'roe', 'roa', 'gross_margin', 'net_margin', 'debt_to_asset_ratio', 'current_ratio', 'eps', 'bps',
  'operating_cash_flow_per_share', 'revenue_growth', 'net_profit_growth', 'net_profit_parent_growth',
] as const satisfies readonly MetricName[];

export const METRICS_FIELDS = ['report_date', 'report_name', ...METRIC_NAMES] as const;

export type MetricFieldsComplete = NoneMissing<MissingFields<FinancialMetricsRecord, typeof METRICS_FIELDS>>;

/** The figures of the three statements of one symbol, by period end. */
export interface StatementSet {
  income: ReadonlyMap<string, Figures>;
  balance: ReadonlyMap<string, Figures>;
  cashFlow: ReadonlyMap<string, Figures>;
}

const pick = (figures: Figures | null | undefined, field: string) => figures?.[field] ?? null;

function incomeOf(figures: Figures | null): MetricIncome | null {
  if (figures === null) return null;
  return {
    revenue: pick(figures, 'revenue'),
    operating_cost: pick(figures, 'operating_cost'),
    operating_profit: pick(figures, 'operating_profit'),
    net_profit: pick(figures, 'net_profit'),
    net_profit_parent: pick(figures, 'net_profit_parent'),
    basic_eps: pick(figures, 'basic_eps'),
  };
}

function balanceOf(figures: Figures | undefined): MetricBalance | null {
  if (figures === undefined) return null;
  return {
    total_assets: pick(figures, 'total_assets'),
    total_liabilities: pick(figures, 'total_liabilities'),
    total_current_assets: pick(figures, 'total_current_assets'),
    total_current_liabilities: pick(figures, 'total_current_liabilities'),
    equity_parent: pick(figures, 'equity_parent'),
    share_capital: pick(figures, 'share_capital'),
  };
}

const NO_INCOME: MetricIncome = {
  revenue: null, operating_cost: null, operating_profit: null, net_profit: null, net_profit_parent: null, basic_eps: null,
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
    operatingCashFlow: pick(figuresOfKind(set.cashFlow, endDate, kind, CASH_FLOW_TTM), 'net_operating_cash_flow'),
  });
  return { report_date: endDate, report_name: reportName(endDate, kind), ...metrics };
}
