import type { Knex } from 'knex';

/**
 * Tushare `suspend_d`: one row per halted day (`S`) and per resumption day (`R`) of a security. Trading
 * halts, not listing suspensions: the listing status lives in `securities.list_status`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trading_halts', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('suspend_type', 1).notNullable().comment('S halted on the day, R resumed on the day');
    t.string('suspend_timing', 32).comment('part of the day halted, e.g. 09:30-10:30; empty for a whole day');
    t.primary(['ts_code', 'trade_date', 'suspend_type']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trading_halts');
}
