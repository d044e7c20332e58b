import type { Knex } from 'knex';

/**
 * Funds' distributions (src/domain/tables/instrumentDescriptors.ts, FUND_DIVIDENDS), per fund, income base
 * date and stage. The key serves one fund over time; the ex-date index the audit's read of a range.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fund_dividends', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('base_date').notNullable().comment('the income base date the distribution is of');
    t.string('div_proc', 16).notNullable().comment('stage: 实施 once implemented');
    t.date('ann_date');
    t.date('imp_anndate').comment('implementation announced');
    t.date('record_date');
    t.date('ex_date');
    t.date('pay_date');
    t.date('earpay_date');
    t.date('net_ex_date').comment("the NAV's ex-date");
    t.double('div_cash').comment('yuan per unit');
    t.double('base_unit').comment('units');
    t.double('ear_distr').comment('distributable income, yuan');
    t.double('ear_amount').comment('income distributed, yuan');
    t.date('account_date').comment('reinvested distributions credited');
    t.string('base_year', 8);
    t.primary(['ts_code', 'base_date', 'div_proc']);
    t.index(['ex_date', 'ts_code'], 'fund_dividends_ex_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('fund_dividends');
}
