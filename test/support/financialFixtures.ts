import type { Knex } from 'knex';
import { insertStatements, loadStatementCsv, REAL_600519, type StatementFixture } from './financials';
import { insertSecurities } from './marketData';

/** Million yuan: the fixture figures are small round numbers so the expected values can be worked out by hand. */
export const M = 1_000_000;

/** A synthetic general company (on the code of 000333.SZ) with four years of consolidated and parent reports. */
export const FIXTURE_SYMBOL = '000333.SZ';
/** A synthetic bank (on the code of 000001.SZ): interest is a business line. */
export const BANK_SYMBOL = '000001.SZ';

interface IncomeLine {
  end: string;
  announced: string;
  revenue: number;
  net: number;
  eps?: number;
}

/**
 * Consolidated YTD figures, million yuan. 2021 is a loss year (negative base), 2023-06-30 was never published
 * (missing quarter) and FY2023 was restated on 2025-03-30 (revenue 560 → 580, net profit 40 → 44).
 */
export const CONSOLIDATED_INCOME: IncomeLine[] = [
  { end: '2021-03-31', announced: '2021-04-28', revenue: 100, net: -10 },
  { end: '2021-06-30', announced: '2021-08-28', revenue: 220, net: -20 },
  { end: '2021-09-30', announced: '2021-10-28', revenue: 330, net: -35 },
  { end: '2021-12-31', announced: '2022-03-30', revenue: 460, net: -50 },
  { end: '2022-03-31', announced: '2022-04-28', revenue: 120, net: 10 },
  { end: '2022-06-30', announced: '2022-08-28', revenue: 250, net: 15 },
  { end: '2022-09-30', announced: '2022-10-28', revenue: 380, net: 20 },
  { end: '2022-12-31', announced: '2023-03-30', revenue: 500, net: 25 },
  { end: '2023-03-31', announced: '2023-04-28', revenue: 130, net: 8 },
  { end: '2023-09-30', announced: '2023-10-28', revenue: 420, net: 30 },
  { end: '2023-12-31', announced: '2024-03-30', revenue: 560, net: 40 },
  { end: '2023-12-31', announced: '2025-03-30', revenue: 580, net: 44 },
  { end: '2024-03-31', announced: '2024-04-28', revenue: 150, net: 12 },
  { end: '2024-06-30', announced: '2024-08-28', revenue: 300, net: 30 },
  { end: '2024-09-30', announced: '2024-10-28', revenue: 450, net: 45 },
  { end: '2024-12-31', announced: '2025-03-30', revenue: 600, net: 60, eps: 0.54 },
];

/** Parent-company annual figures: FY2022 net profit is exactly zero (growth base zero). */
export const PARENT_INCOME: IncomeLine[] = [
  { end: '2022-12-31', announced: '2023-03-30', revenue: 200, net: 0 },
  { end: '2023-12-31', announced: '2024-03-30', revenue: 220, net: 10 },
];

/**
 * Every other line follows from revenue and net profit: operating cost 60 % of revenue, operating profit
 * net + 10, total profit net + 8, tax 8, parent share 90 %, selling/admin/R&D 5/4/3 %, financial expenses −1.
 */
function incomeRow(line: IncomeLine, reportType: number): StatementFixture {
  return {
    ts_code: FIXTURE_SYMBOL,
    end_date: line.end,
    f_ann_date: line.announced,
    report_type: reportType,
    revenue: line.revenue * M,
    total_revenue: line.revenue * M,
    oper_cost: Math.round(0.6 * line.revenue * M),
    sell_exp: Math.round(0.05 * line.revenue * M),
    admin_exp: Math.round(0.04 * line.revenue * M),
    rd_exp: Math.round(0.03 * line.revenue * M),
    fin_exp: -1 * M,
    fin_exp_int_exp: 500_000,
    fin_exp_int_inc: 1_500_000,
    invest_income: 2 * M,
    operate_profit: (line.net + 10) * M,
    non_oper_income: 1 * M,
    non_oper_exp: 3 * M,
    total_profit: (line.net + 8) * M,
    income_tax: 8 * M,
    n_income: line.net * M,
    n_income_attr_p: Math.round(0.9 * line.net * M),
    minority_gain: Math.round(0.1 * line.net * M),
    basic_eps: line.eps ?? line.net / 100,
    diluted_eps: line.eps ?? line.net / 100,
    t_compr_income: (line.net + 1) * M,
    compr_inc_attr_p: Math.round((0.9 * line.net + 1) * M),
    compr_inc_attr_m_s: Math.round(0.1 * line.net * M),
    ebitda: (line.net + 20) * M,
  };
}

interface BalanceLine {
  end: string;
  announced: string;
  assets: number;
  liabilities: number;
  currentAssets: number;
  currentLiabilities: number;
  equityParent: number;
}

export const CONSOLIDATED_BALANCE: BalanceLine[] = [
  {
    end: '2023-09-30',
    announced: '2023-10-28',
    assets: 950,
    liabilities: 390,
    currentAssets: 480,
    currentLiabilities: 240,
    equityParent: 510,
  },
  {
    end: '2023-12-31',
    announced: '2024-03-30',
    assets: 1000,
    liabilities: 400,
    currentAssets: 500,
    currentLiabilities: 250,
    equityParent: 550,
  },
  {
    end: '2024-09-30',
    announced: '2024-10-28',
    assets: 1100,
    liabilities: 450,
    currentAssets: 560,
    currentLiabilities: 280,
    equityParent: 600,
  },
  {
    end: '2024-12-31',
    announced: '2025-03-30',
    assets: 1200,
    liabilities: 480,
    currentAssets: 600,
    currentLiabilities: 300,
    equityParent: 650,
  },
];

function balanceRow(line: BalanceLine): StatementFixture {
  return {
    ts_code: FIXTURE_SYMBOL,
    end_date: line.end,
    f_ann_date: line.announced,
    total_share: 100 * M,
    total_assets: line.assets * M,
    total_liab: line.liabilities * M,
    total_cur_assets: line.currentAssets * M,
    total_cur_liab: line.currentLiabilities * M,
    total_hldr_eqy_exc_min_int: line.equityParent * M,
    minority_int: 10 * M,
    total_hldr_eqy_inc_min_int: (line.equityParent + 10) * M,
    money_cap: Math.round(0.3 * line.assets * M),
  };
}

interface CashLine {
  end: string;
  announced: string;
  operating: number;
  capex: number;
  cashEnd: number;
}

export const CONSOLIDATED_CASH: CashLine[] = [
  { end: '2023-09-30', announced: '2023-10-28', operating: 40, capex: 15, cashEnd: 250 },
  { end: '2023-12-31', announced: '2024-03-30', operating: 70, capex: 30, cashEnd: 280 },
  { end: '2024-09-30', announced: '2024-10-28', operating: 50, capex: 20, cashEnd: 300 },
  { end: '2024-12-31', announced: '2025-03-30', operating: 80, capex: 25, cashEnd: 330 },
];

function cashRow(line: CashLine): StatementFixture {
  return {
    ts_code: FIXTURE_SYMBOL,
    end_date: line.end,
    f_ann_date: line.announced,
    n_cashflow_act: line.operating * M,
    c_pay_acq_const_fiolta: line.capex * M,
    c_cash_equ_end_period: line.cashEnd * M,
    c_cash_equ_beg_period: 280 * M,
  };
}

/** Loads the synthetic company and bank into the database. */
export async function loadFinancialFixtures(db: Knex): Promise<void> {
  await insertStatements(db, 'income_statements', [
    ...CONSOLIDATED_INCOME.map((line) => incomeRow(line, 1)),
    ...PARENT_INCOME.map((line) => incomeRow(line, 6)),
    {
      ts_code: BANK_SYMBOL,
      end_date: '2024-12-31',
      f_ann_date: '2025-03-15',
      comp_type: 2,
      revenue: 1000 * M,
      int_income: 800 * M,
      int_exp: 300 * M,
      fin_exp_int_exp: null,
      n_income: 400 * M,
    },
  ]);
  await insertStatements(db, 'balance_sheets', CONSOLIDATED_BALANCE.map(balanceRow));
  await insertStatements(db, 'cash_flows', CONSOLIDATED_CASH.map(cashRow));
}

const loaded = new WeakSet<Knex>();

/** The real 600519.SH statements and the synthetic fixtures, loaded once per database. */
export async function loadAllFinancials(db: Knex): Promise<void> {
  if (loaded.has(db)) return;
  await loadStatementCsv(db, 'income_statements', REAL_600519.income_statements);
  await loadStatementCsv(db, 'balance_sheets', REAL_600519.balance_sheets);
  await loadStatementCsv(db, 'cash_flows', REAL_600519.cash_flows);
  await loadFinancialFixtures(db);
  loaded.add(db);
}

/** 600519.SH's real statements (FY2021 announced 2022-03-31), the synthetic 000333.SZ and the bank, with their names. */
export async function seedStatementCompanies(db: Knex): Promise<void> {
  await insertSecurities(db, [
    { ts_code: '600519.SH', name: '贵州茅台' },
    { ts_code: FIXTURE_SYMBOL, name: '美的集团' },
    { ts_code: BANK_SYMBOL, name: '平安银行' },
  ]);
  await loadAllFinancials(db);
}
