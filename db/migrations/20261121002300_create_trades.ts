import type { Knex } from 'knex';

/** Ticks (trade-by-trade), Beijing time; `seq` orders trades within the same second. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trades', (t) => {
    t.string('ts_code', 12).notNullable();
    t.datetime('trade_time').notNullable();
    t.integer('seq').notNullable();
    t.double('price').notNullable();
    t.double('volume').notNullable().comment('shares');
    t.double('amount').notNullable().comment('yuan');
    t.string('side', 1).comment('B buyer-initiated, S seller-initiated, N neutral');
    t.primary(['ts_code', 'trade_time', 'seq']);
    t.index(['trade_time'], 'trades_trade_time_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trades');
}
