import type { Knex } from 'knex';

/**
 * Tushare `hk_hold`, northbound only (src/domain/tables/datasetDescriptors.ts): shares held through Stock Connect
 * per stock, day and channel. The key serves one stock over time; the date-led index the whole market of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('northbound_holdings', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('exchange', 2).notNullable().comment('SH Shanghai Connect, SZ Shenzhen Connect');
    t.string('code', 12).comment("the exchange's own code");
    t.double('vol').comment('shares held');
    t.double('ratio').comment('percent of the issued shares');
    t.primary(['ts_code', 'trade_date', 'exchange']);
    t.index(['trade_date', 'ts_code'], 'northbound_holdings_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('northbound_holdings');
}
