import type { components } from '../../../generated/api';
import { isFinancialCompany } from '../../domain/statements/companyTypes';
import { yoyGrowth } from '../../domain/statements/growth';
import { incomeDerived } from '../../domain/statements/financialRatios';
import { reportName, yearEarlier, type PeriodKind } from '../../domain/statements/reportPeriods';
import { figuresOfKind, type Figures, type TtmRule } from '../../domain/statements/ttm';
import type { FigureReader } from './financials.service';
import { emptyFigures, figureOf, figuresReader, type ColumnMap } from './statementFigures.service';
import type { MissingFields, NoneMissing } from '../../domain/api/fields';

export type IncomeStatementRecord = Required<components['schemas']['IncomeStatementRecord']>;

/** Wire field ← Tushare `income` column (interest fields depend on the company type, see incomeFigures). */
export const INCOME_COLUMNS = {
  revenue: 'revenue',
  operating_cost: 'oper_cost',
  selling_expenses: 'sell_exp',
  admin_expenses: 'admin_exp',
  rd_expenses: 'rd_exp',
  financial_expenses: 'fin_exp',
  investment_income: 'invest_income',
  operating_profit: 'operate_profit',
  non_operating_income: 'non_oper_income',
  non_operating_expenses: 'non_oper_exp',
  profit_before_tax: 'total_profit',
  income_tax: 'income_tax',
  net_profit: 'n_income',
  net_profit_parent: 'n_income_attr_p',
  net_profit_minority: 'minority_gain',
  basic_eps: 'basic_eps',
  diluted_eps: 'diluted_eps',
  comprehensive_income: 't_compr_income',
  comprehensive_income_parent: 'compr_inc_attr_p',
  comprehensive_income_minority: 'compr_inc_attr_m_s',
  ebitda: 'ebitda',
} as const satisfies ColumnMap;

/** General companies report interest inside financial expenses; banks, insurers and brokers (comp_type 2-4) as business lines. */
const GENERAL_INTEREST = { interest_expenses: 'fin_exp_int_exp', interest_income: 'fin_exp_int_inc' } as const;
const FINANCIAL_INTEREST = { interest_expenses: 'int_exp', interest_income: 'int_income' } as const;

export const INCOME_FIELDS = [
  'report_date',
  'report_name',
  'revenue',
  'operating_cost',
  'selling_expenses',
  'admin_expenses',
  'rd_expenses',
  'financial_expenses',
  'interest_expenses',
  'interest_income',
  'investment_income',
  'operating_profit',
  'non_operating_income',
  'non_operating_expenses',
  'profit_before_tax',
  'income_tax',
  'net_profit',
  'net_profit_parent',
  'net_profit_minority',
  'basic_eps',
  'diluted_eps',
  'comprehensive_income',
  'comprehensive_income_parent',
  'comprehensive_income_minority',
  'ebitda',
  'gross_profit',
  'gross_margin',
  'operating_margin',
  'net_margin',
  'annual_growth_revenue',
  'annual_growth_profit',
] as const satisfies readonly (keyof IncomeStatementRecord)[];

export type IncomeFieldsComplete = NoneMissing<MissingFields<IncomeStatementRecord, typeof INCOME_FIELDS>>;

/**
 * The stored figures in INCOME_FIELDS' order, interest from the company type's columns: a record built from them
 * has the wire's order, so one asked whole is sent as built (containerList) rather than copied field by field.
 */
const inWireOrder = (interest: ColumnMap): ColumnMap =>
  Object.fromEntries(
    INCOME_FIELDS.flatMap((field) => {
      const column = (INCOME_COLUMNS as ColumnMap)[field] ?? interest[field];
      return column === undefined ? [] : [[field, column]];
    }),
  );
const GENERAL_COLUMNS = inWireOrder(GENERAL_INTEREST);
const FLOW_FIELDS = Object.keys(GENERAL_COLUMNS);

export const INCOME_TTM: TtmRule = { flows: FLOW_FIELDS, decimals: { basic_eps: 4, diluted_eps: 4 } };

const READ_COLUMNS = [...new Set([...Object.values(GENERAL_COLUMNS), ...Object.values(FINANCIAL_INTEREST)])];
const readGeneral = figuresReader(GENERAL_COLUMNS, READ_COLUMNS);
const readFinancial = figuresReader(inWireOrder(FINANCIAL_INTEREST), READ_COLUMNS);

/** `income_statements` rows → figures under the wire names. */
export const INCOME_READER: FigureReader = {
  columns: READ_COLUMNS,
  toFigures(row) {
    return isFinancialCompany(row.comp_type) ? readFinancial(row) : readGeneral(row);
  },
};

/** The income statement record of one period of the given kind, with derived margins and growth. */
export function toIncomeRecord(
  byEnd: ReadonlyMap<string, Figures>,
  endDate: string,
  kind: PeriodKind,
): IncomeStatementRecord {
  const figures = figuresOfKind(byEnd, endDate, kind, INCOME_TTM) ?? emptyFigures(FLOW_FIELDS);
  const prior = kind === 'quarterly' ? null : figuresOfKind(byEnd, yearEarlier(endDate), kind, INCOME_TTM);
  return {
    report_date: endDate,
    report_name: reportName(endDate, kind),
    ...figures,
    ...incomeDerived({
      revenue: figureOf(figures, 'revenue'),
      operating_cost: figureOf(figures, 'operating_cost'),
      operating_profit: figureOf(figures, 'operating_profit'),
      net_profit: figureOf(figures, 'net_profit'),
    }),
    annual_growth_revenue: yoyGrowth(figureOf(figures, 'revenue'), figureOf(prior, 'revenue')),
    annual_growth_profit: yoyGrowth(figureOf(figures, 'net_profit'), figureOf(prior, 'net_profit')),
  } as IncomeStatementRecord;
}
