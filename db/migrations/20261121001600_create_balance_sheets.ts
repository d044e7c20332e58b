import type { Knex } from 'knex';
import { statementKeyColumns } from './statementColumns';

/** Tushare `balancesheet`: balances at the period end, yuan. */
const BALANCE_COLUMNS = [
  'total_share',
  'cap_rese',
  'undistr_porfit',
  'surplus_rese',
  'money_cap',
  'trad_asset',
  'notes_receiv',
  'accounts_receiv',
  'oth_receiv',
  'prepayment',
  'inventories',
  'oth_cur_assets',
  'total_cur_assets',
  'lt_eqt_invest',
  'invest_real_estate',
  'fix_assets',
  'cip',
  'intan_assets',
  'goodwill',
  'lt_amor_exp',
  'defer_tax_assets',
  'oth_nca',
  'total_nca',
  'total_assets',
  'st_borr',
  'notes_payable',
  'acct_payable',
  'adv_receipts',
  'contract_liab',
  'payroll_payable',
  'taxes_payable',
  'oth_payable',
  'non_cur_liab_due_1y',
  'total_cur_liab',
  'lt_borr',
  'bond_payable',
  'total_ncl',
  'total_liab',
  'treasury_share',
  'minority_int',
  'total_hldr_eqy_exc_min_int',
  'total_hldr_eqy_inc_min_int',
  'total_liab_hldr_eqy',
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('balance_sheets', (t) => {
    statementKeyColumns(t);
    for (const column of BALANCE_COLUMNS) t.double(column);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('balance_sheets');
}
