import type { Knex } from 'knex';

/**
 * Tushare `top_list` and `top_inst` (src/domain/tables/datasetDescriptors.ts): the dragon-tiger list per stock,
 * day and reason, and its seats per side. The keys serve one stock over time; the date-led indexes the day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('top_lists', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('reason', 128).notNullable().comment('why the exchange listed the stock');
    t.double('close');
    t.double('pct_change').comment('percent');
    t.double('turnover_rate').comment('percent');
    t.double('amount').comment('yuan traded on the day');
    t.double('l_sell').comment('yuan sold by the listed seats');
    t.double('l_buy').comment('yuan bought by the listed seats');
    t.double('l_amount').comment('yuan');
    t.double('net_amount').comment('yuan');
    t.double('net_rate').comment('percent of the value traded');
    t.double('amount_rate').comment('percent of the value traded');
    t.double('float_values').comment('float market value, yuan');
    t.primary(['ts_code', 'trade_date', 'reason']);
    t.index(['trade_date', 'ts_code'], 'top_lists_trade_date_idx');
  });
  await knex.schema.createTable('top_list_seats', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('reason', 128).notNullable();
    t.string('side', 1).notNullable().comment('0 among the top buyers, 1 among the top sellers');
    t.string('exalter', 64).notNullable().comment('brokerage branch or institutional seat');
    t.double('buy').notNullable().comment('yuan');
    t.double('buy_rate').comment('percent of the value traded');
    t.double('sell').notNullable().comment('yuan');
    t.double('sell_rate').comment('percent of the value traded');
    t.double('net_buy').comment('yuan');
    // Several institutional seats all read 机构专用: their amounts tell them apart.
    t.primary(['ts_code', 'trade_date', 'reason', 'side', 'exalter', 'buy', 'sell']);
    t.index(['trade_date', 'ts_code'], 'top_list_seats_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('top_list_seats');
  await knex.schema.dropTable('top_lists');
}
