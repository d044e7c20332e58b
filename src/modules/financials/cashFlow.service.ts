import type { components } from '../../../generated/api';
import { difference } from '../../domain/statements/financialRatios';
import { reportName, type PeriodKind } from '../../domain/statements/reportPeriods';
import { figuresOfKind, type Figures, type TtmRule } from '../../domain/statements/ttm';
import type { FigureReader } from './financials.service';
import { emptyFigures, figuresReader, type ColumnMap } from './statementFigures.service';
import type { MissingFields, NoneMissing } from '../../domain/api/fields';

export type CashFlowRecord = Required<components['schemas']['CashFlowRecord']>;

/** Wire field ← Tushare `cashflow` column. */
export const CASH_FLOW_COLUMNS = {
  net_profit: 'net_profit',
  cash_from_sales: 'c_fr_sale_sg',
  operating_cash_inflow: 'c_inf_fr_operate_a',
  cash_paid_for_goods: 'c_paid_goods_s',
  cash_paid_to_employees: 'c_paid_to_for_empl',
  taxes_paid: 'c_paid_for_taxes',
  operating_cash_outflow: 'st_cash_out_act',
  net_operating_cash_flow: 'n_cashflow_act',
  cash_from_investment_disposal: 'c_disp_withdrwl_invest',
  investment_returns_received: 'c_recp_return_invest',
  investing_cash_inflow: 'stot_inflows_inv_act',
  capital_expenditure: 'c_pay_acq_const_fiolta',
  cash_paid_for_investments: 'c_paid_invest',
  investing_cash_outflow: 'stot_out_inv_act',
  net_investing_cash_flow: 'n_cashflow_inv_act',
  borrowings_received: 'c_recp_borrow',
  bonds_issued: 'proc_issue_bonds',
  financing_cash_inflow: 'stot_cash_in_fnc_act',
  debt_repaid: 'c_prepay_amt_borr',
  dividends_and_interest_paid: 'c_pay_dist_dpcp_int_exp',
  financing_cash_outflow: 'stot_cashout_fnc_act',
  net_financing_cash_flow: 'n_cash_flows_fnc_act',
  fx_effect: 'eff_fx_flu_cash',
  net_change_in_cash: 'n_incr_cash_cash_equ',
  cash_at_beginning: 'c_cash_equ_beg_period',
  cash_at_end: 'c_cash_equ_end_period',
  depreciation: 'depr_fa_coga_dpba',
  amortisation_of_intangibles: 'amort_intang_assets',
} as const satisfies ColumnMap;

const STORED_FIELDS = Object.keys(CASH_FLOW_COLUMNS) as (keyof typeof CASH_FLOW_COLUMNS)[];

/** Flows are summed over twelve months; the closing balance is taken as is and the opening one a year earlier. */
const CASH_FLOW_TTM: TtmRule = {
  flows: STORED_FIELDS.filter((field) => field !== 'cash_at_beginning' && field !== 'cash_at_end'),
  balances: ['cash_at_end'],
  openings: { cash_at_beginning: 'cash_at_end' },
};

export const CASH_FLOW_FIELDS = [
  'report_date',
  'report_name',
  ...STORED_FIELDS,
  'free_cash_flow',
] as const satisfies readonly (keyof CashFlowRecord)[];

export type CashFlowFieldsComplete = NoneMissing<MissingFields<CashFlowRecord, typeof CASH_FLOW_FIELDS>>;

export const CASH_FLOW_READER: FigureReader = {
  columns: Object.values(CASH_FLOW_COLUMNS),
  toFigures: figuresReader(CASH_FLOW_COLUMNS),
};

/** The cash-flow record of one period of the given kind; free_cash_flow = operating cash flow − capital expenditure. */
export function toCashFlowRecord(
  byEnd: ReadonlyMap<string, Figures>,
  endDate: string,
  kind: PeriodKind,
): CashFlowRecord {
  const figures = figuresOfKind(byEnd, endDate, kind, CASH_FLOW_TTM) ?? emptyFigures(STORED_FIELDS);
  return {
    report_date: endDate,
    report_name: reportName(endDate, kind),
    ...figures,
    free_cash_flow: difference(figures.net_operating_cash_flow ?? null, figures.capital_expenditure ?? null),
  } as CashFlowRecord;
}
