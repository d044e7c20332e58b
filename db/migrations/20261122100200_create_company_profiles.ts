import type { Knex } from 'knex';

/**
 * Tushare `stock_company`, one row per listed company; apart from `securities` so that a profile can land
 * before or after its security and a stock list reload never wipes it. Money in yuan (the source's
 * reg_capital is in 10,000 yuan).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_profiles', (t) => {
    t.string('ts_code', 12).primary();
    t.string('com_name', 128);
    t.string('chairman', 64);
    t.string('manager', 64).comment('general manager');
    t.string('secretary', 64).comment('board secretary');
    t.double('reg_capital').comment('registered capital, yuan');
    t.date('setup_date').comment('date the company was founded');
    t.string('province', 32);
    t.string('city', 32);
    t.text('introduction');
    t.string('website', 128);
    t.string('email', 128);
    t.string('office', 256).comment('office address');
    t.integer('employees');
    t.text('main_business');
    t.text('business_scope');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_profiles');
}
