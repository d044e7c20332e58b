import type { components } from '../../../generated/api';
import { reportName, type PeriodKind } from '../../domain/statements/reportPeriods';
import type { Figures } from '../../domain/statements/ttm';
import type { FigureReader } from './financials.service';
import { emptyFigures, figuresReader, type ColumnMap } from './statementFigures.service';
import type { MissingFields, NoneMissing } from '../../domain/api/fields';

export type BalanceSheetRecord = Required<components['schemas']['BalanceSheetRecord']>;

/** Wire field ← Tushare `balancesheet` column. */
export const BALANCE_COLUMNS = {
  share_capital: 'total_share',
  capital_reserve: 'cap_rese',
  surplus_reserve: 'surplus_rese',
  retained_earnings: 'undistr_porfit',
  monetary_funds: 'money_cap',
  trading_financial_assets: 'trad_asset',
  notes_receivable: 'notes_receiv',
  accounts_receivable: 'accounts_receiv',
  other_receivables: 'oth_receiv',
  prepayments: 'prepayment',
  inventories: 'inventories',
  other_current_assets: 'oth_cur_assets',
  total_current_assets: 'total_cur_assets',
  long_term_equity_investments: 'lt_eqt_invest',
  investment_property: 'invest_real_estate',
  fixed_assets: 'fix_assets',
  construction_in_progress: 'cip',
  intangible_assets: 'intan_assets',
  goodwill: 'goodwill',
  long_term_deferred_expenses: 'lt_amor_exp',
  deferred_tax_assets: 'defer_tax_assets',
  other_non_current_assets: 'oth_nca',
  total_non_current_assets: 'total_nca',
  total_assets: 'total_assets',
  short_term_borrowings: 'st_borr',
  notes_payable: 'notes_payable',
  accounts_payable: 'acct_payable',
  advances_from_customers: 'adv_receipts',
  contract_liabilities: 'contract_liab',
  employee_benefits_payable: 'payroll_payable',
  taxes_payable: 'taxes_payable',
  other_payables: 'oth_payable',
  non_current_liabilities_due_within_one_year: 'non_cur_liab_due_1y',
  total_current_liabilities: 'total_cur_liab',
  long_term_borrowings: 'lt_borr',
  bonds_payable: 'bond_payable',
  total_non_current_liabilities: 'total_ncl',
  total_liabilities: 'total_liab',
  treasury_shares: 'treasury_share',
  minority_interests: 'minority_int',
  equity_parent: 'total_hldr_eqy_exc_min_int',
  total_equity: 'total_hldr_eqy_inc_min_int',
  total_liabilities_and_equity: 'total_liab_hldr_eqy',
} as const satisfies ColumnMap;

export const BALANCE_FIELDS = [
  'report_date',
  'report_name',
  ...(Object.keys(BALANCE_COLUMNS) as (keyof typeof BALANCE_COLUMNS)[]),
] as const satisfies readonly (keyof BalanceSheetRecord)[];

export type BalanceFieldsComplete = NoneMissing<MissingFields<BalanceSheetRecord, typeof BALANCE_FIELDS>>;

export const BALANCE_READER: FigureReader = {
  columns: Object.values(BALANCE_COLUMNS),
  toFigures: figuresReader(BALANCE_COLUMNS),
};

/** The balance sheet record at one period end. */
export function toBalanceRecord(
  byEnd: ReadonlyMap<string, Figures>,
  endDate: string,
  kind: PeriodKind,
): BalanceSheetRecord {
  const figures = byEnd.get(endDate) ?? emptyFigures(Object.keys(BALANCE_COLUMNS));
  return { report_date: endDate, report_name: reportName(endDate, kind), ...figures } as BalanceSheetRecord;
}
