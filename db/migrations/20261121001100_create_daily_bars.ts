import type { Knex } from 'knex';

/** Unadjusted daily bars of stocks and indices; volume in lots, amount in yuan. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('daily_bars', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.double('open');
    t.double('high');
    t.double('low');
    t.double('close');
    t.double('pre_close');
    t.double('change');
    t.double('pct_chg').comment('percent');
    t.double('vol').comment('lots of 100 shares');
    t.double('amount').comment('yuan');
    t.double('turnover').comment('turnover rate, percent (from daily_basic)');
    t.datetime('published_at').comment('when the bar became available (UTC); plan delays filter on it');
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date'], 'daily_bars_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('daily_bars');
}
