/**
 * Tushare's `comp_type` of a statement: 1 general company, 2 bank, 3 insurer, 4 broker. Banks, insurers and
 * brokers report interest as business lines (`int_income`, `int_exp`); general companies inside financial
 * expenses (`fin_exp_int_inc`, `fin_exp_int_exp`).
 */
export function isFinancialCompany(compType: number | null): boolean {
  return compType !== null && compType >= 2 && compType <= 4;
}
