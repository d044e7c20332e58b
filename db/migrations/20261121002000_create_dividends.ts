import type { Knex } from 'knex';

/** Tushare `dividend`: one row per plan stage (预案, 股东大会通过, 实施) of a reporting period's payout. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dividends', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('end_date').notNullable().comment('the reporting period paid out');
    t.string('div_proc', 16).notNullable().comment('stage of the plan');
    t.date('ann_date');
    t.double('stk_div').comment('bonus + transferred shares per share');
    t.double('stk_bo_rate');
    t.double('stk_co_rate');
    t.double('cash_div').comment('yuan per share after tax');
    t.double('cash_div_tax').comment('yuan per share before tax');
    t.date('record_date');
    t.date('ex_date');
    t.date('pay_date');
    t.date('div_listdate');
    t.date('imp_ann_date');
    t.primary(['ts_code', 'end_date', 'div_proc']);
    t.index(['ex_date'], 'dividends_ex_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('dividends');
}
