import type { Knex } from 'knex';

/**
 * Tushare `limit_list_d` (src/domain/tables/datasetDescriptors.ts): the day's limit-up, limit-down and broken-limit
 * stocks. The key serves one stock over time; the date-led index the whole market of a day, by kind.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('limit_lists', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('limit', 1).notNullable().comment('U limit-up, D limit-down, Z broken limit');
    t.string('industry', 32);
    t.double('close');
    t.double('pct_chg').comment('percent');
    t.double('amount').comment('yuan');
    t.double('limit_amount').comment('yuan traded at the limit price');
    t.double('float_mv').comment('yuan');
    t.double('total_mv').comment('yuan');
    t.double('turnover_ratio').comment('percent');
    t.double('fd_amount').comment('yuan of orders sealing the limit');
    t.string('first_time', 6).comment('HHMMSS');
    t.string('last_time', 6).comment('HHMMSS');
    t.integer('open_times');
    t.string('up_stat', 16).comment('N/T: N limit-ups in T days');
    t.integer('limit_times').comment('consecutive limit days');
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date', 'limit', 'ts_code'], 'limit_lists_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('limit_lists');
}
