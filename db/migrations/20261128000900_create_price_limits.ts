import type { Knex } from 'knex';

/**
 * Limit prices per security and day (src/domain/tables/datasetDescriptors.ts, PRICE_LIMITS): the source's, or
 * the audit's computed ones (`computed` 1) where the source sent none. The date-led index serves a day's whole
 * market and the audit's write of a range.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('price_limits', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.double('pre_close').comment('yuan');
    t.double('up_limit').comment('yuan');
    t.double('down_limit').comment('yuan');
    t.integer('computed').comment('1: computed by the audit, none sent');
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date', 'ts_code'], 'price_limits_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('price_limits');
}
