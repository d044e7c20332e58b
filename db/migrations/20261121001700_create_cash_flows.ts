import type { Knex } from 'knex';
import { statementKeyColumns } from './statementColumns';

/** Tushare `cashflow`, year-to-date as reported, yuan. */
const CASHFLOW_COLUMNS = [
  'net_profit',
  'c_fr_sale_sg',
  'c_inf_fr_operate_a',
  'c_paid_goods_s',
  'c_paid_to_for_empl',
  'c_paid_for_taxes',
  'st_cash_out_act',
  'n_cashflow_act',
  'c_disp_withdrwl_invest',
  'c_recp_return_invest',
  'stot_inflows_inv_act',
  'c_pay_acq_const_fiolta',
  'c_paid_invest',
  'stot_out_inv_act',
  'n_cashflow_inv_act',
  'c_recp_borrow',
  'proc_issue_bonds',
  'stot_cash_in_fnc_act',
  'c_prepay_amt_borr',
  'c_pay_dist_dpcp_int_exp',
  'stot_cashout_fnc_act',
  'n_cash_flows_fnc_act',
  'eff_fx_flu_cash',
  'n_incr_cash_cash_equ',
  'c_cash_equ_beg_period',
  'c_cash_equ_end_period',
  'free_cashflow',
  'depr_fa_coga_dpba',
  'amort_intang_assets',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cash_flows', (t) => {
    statementKeyColumns(t);
    for (const column of CASHFLOW_COLUMNS) t.double(column);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cash_flows');
}
