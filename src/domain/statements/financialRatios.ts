import { yoyGrowth } from './growth';
import { roundMoney, roundRatio } from '../api/numbers';

type Value = number | null;

/** part / whole × 100; null when either is missing or the whole is zero. */
export function percentOf(part: Value, whole: Value): Value {
  if (part === null || whole === null || whole === 0) return null;
  return roundRatio((part / whole) * 100);
}

/** a / b; null when either is missing or b is zero. */
export function ratioOf(a: Value, b: Value): Value {
  if (a === null || b === null || b === 0) return null;
  return roundRatio(a / b);
}

/** a − b in yuan; null when either is missing. */
export function difference(a: Value, b: Value): Value {
  return a === null || b === null ? null : roundMoney(a - b);
}

/** The mean of an opening and a closing balance; null when either is missing. */
export function averageOf(opening: Value, closing: Value): Value {
  return opening === null || closing === null ? null : (opening + closing) / 2;
}

export interface IncomeBasics {
  revenue: Value;
  operating_cost: Value;
  operating_profit: Value;
  net_profit: Value;
}

export interface IncomeDerived {
  gross_profit: Value;
  gross_margin: Value;
  operating_margin: Value;
  net_margin: Value;
}

/** gross_profit = revenue − operating_cost; margins are gross, operating and net profit in percent of revenue. */
export function incomeDerived(income: IncomeBasics): IncomeDerived {
  const grossProfit = difference(income.revenue, income.operating_cost);
  return {
    gross_profit: grossProfit,
    gross_margin: percentOf(grossProfit, income.revenue),
    operating_margin: percentOf(income.operating_profit, income.revenue),
    net_margin: percentOf(income.net_profit, income.revenue),
  };
}

export interface MetricIncome extends IncomeBasics {
  net_profit_parent: Value;
  basic_eps: Value;
}

export interface MetricBalance {
  total_assets: Value;
  total_liabilities: Value;
  total_current_assets: Value;
  total_current_liabilities: Value;
  equity_parent: Value;
  share_capital: Value;
}

export interface MetricInputs {
  /** The period's income figures (year to date, annual or TTM). */
  income: MetricIncome;
  /** The same kind of figures one year earlier, for growth. */
  priorIncome: MetricIncome | null;
  /** Balances at the period end. */
  closing: MetricBalance | null;
  /** Balances when the period's flows began (the previous year end; for TTM the period end a year earlier). */
  opening: MetricBalance | null;
  /** Net cash flow from operating activities of the same period. */
  operatingCashFlow: Value;
}

export interface FinancialMetrics {
  roe: Value;
  roa: Value;
  gross_margin: Value;
  net_margin: Value;
  debt_to_asset_ratio: Value;
  current_ratio: Value;
  eps: Value;
  bps: Value;
  operating_cash_flow_per_share: Value;
  revenue_growth: Value;
  net_profit_growth: Value;
  net_profit_parent_growth: Value;
}

/** The metrics of one period; every formula is documented in the contract's FinancialMetricsRecord. */
export function financialMetrics({
  income,
  priorIncome,
  closing,
  opening,
  operatingCashFlow,
}: MetricInputs): FinancialMetrics {
  const derived = incomeDerived(income);
  const shares = closing?.share_capital ?? null;
  return {
    roe: percentOf(income.net_profit_parent, averageOf(opening?.equity_parent ?? null, closing?.equity_parent ?? null)),
    roa: percentOf(income.net_profit, averageOf(opening?.total_assets ?? null, closing?.total_assets ?? null)),
    gross_margin: derived.gross_margin,
    net_margin: derived.net_margin,
    debt_to_asset_ratio: percentOf(closing?.total_liabilities ?? null, closing?.total_assets ?? null),
    current_ratio: ratioOf(closing?.total_current_assets ?? null, closing?.total_current_liabilities ?? null),
    eps: income.basic_eps,
    bps: ratioOf(closing?.equity_parent ?? null, shares),
    operating_cash_flow_per_share: ratioOf(operatingCashFlow, shares),
    revenue_growth: yoyGrowth(income.revenue, priorIncome?.revenue ?? null),
    net_profit_growth: yoyGrowth(income.net_profit, priorIncome?.net_profit ?? null),
    net_profit_parent_growth: yoyGrowth(income.net_profit_parent, priorIncome?.net_profit_parent ?? null),
  };
}
