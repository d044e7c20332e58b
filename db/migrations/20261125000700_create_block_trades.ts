import type { Knex } from 'knex';

/**
 * Tushare `block_trade` (src/domain/tables/datasetDescriptors.ts): block trades per stock and day, keyed by the
 * whole trade (upstream gives none an id). The key serves one stock over time; the date-led index the day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('block_trades', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('buyer', 64).notNullable().comment('buying brokerage branch');
    t.string('seller', 64).notNullable().comment('selling brokerage branch');
    t.double('price').notNullable().comment('yuan');
    t.double('vol').notNullable().comment('shares');
    t.double('amount').comment('yuan');
    t.primary(['ts_code', 'trade_date', 'buyer', 'seller', 'price', 'vol']);
    t.index(['trade_date', 'ts_code'], 'block_trades_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('block_trades');
}
