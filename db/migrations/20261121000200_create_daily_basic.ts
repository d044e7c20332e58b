import type { Knex } from 'knex';

/** Tushare daily_basic in the API's units: shares, not 10,000 shares; yuan, not 10,000 yuan. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('daily_basic', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.double('close');
    t.double('turnover_rate').comment('percent');
    t.double('turnover_rate_f').comment('percent, of free-float shares');
    t.double('volume_ratio');
    t.double('pe');
    t.double('pe_ttm');
    t.double('pb');
    t.double('ps');
    t.double('ps_ttm');
    t.double('dv_ratio').comment('dividend yield, percent');
    t.double('dv_ttm');
    t.double('total_share').comment('shares');
    t.double('float_share').comment('shares');
    t.double('free_share').comment('shares');
    t.double('total_mv').comment('yuan');
    t.double('circ_mv').comment('yuan');
    t.primary(['ts_code', 'trade_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('daily_basic');
}
