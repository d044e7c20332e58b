import type { Knex } from 'knex';
import { statementKeyColumns } from './statementColumns';

/** Tushare `income`, year-to-date as reported, yuan; every announced version kept (point-in-time reads). */
const INCOME_COLUMNS = [
  'basic_eps',
  'diluted_eps',
  'total_revenue',
  'revenue',
  'int_income',
  'fv_value_chg_gain',
  'invest_income',
  'ass_invest_income',
  'total_cogs',
  'oper_cost',
  'int_exp',
  'biz_tax_surchg',
  'sell_exp',
  'admin_exp',
  'fin_exp',
  'assets_impair_loss',
  'credit_impa_loss',
  'operate_profit',
  'non_oper_income',
  'non_oper_exp',
  'total_profit',
  'income_tax',
  'n_income',
  'n_income_attr_p',
  'minority_gain',
  'oth_compr_income',
  't_compr_income',
  'compr_inc_attr_p',
  'compr_inc_attr_m_s',
  'ebit',
  'ebitda',
  'rd_exp',
  'fin_exp_int_exp',
  'fin_exp_int_inc',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('income_statements', (t) => {
    statementKeyColumns(t);
    for (const column of INCOME_COLUMNS) t.double(column);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('income_statements');
}
