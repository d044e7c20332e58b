import type { Knex } from 'knex';

/** One-minute bars of the normal sessions (Beijing time); longer minute intervals aggregate them. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('intraday_bars', (t) => {
    t.string('ts_code', 12).notNullable();
    t.datetime('trade_time').notNullable().comment('bar end, Beijing time, YYYY-MM-DD HH:MM:SS');
    t.double('open');
    t.double('high');
    t.double('low');
    t.double('close');
    t.double('vol').comment('shares');
    t.double('amount').comment('yuan');
    t.primary(['ts_code', 'trade_time']);
    t.index(['trade_time'], 'intraday_bars_trade_time_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('intraday_bars');
}
