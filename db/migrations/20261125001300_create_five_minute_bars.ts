import type { Knex } from 'knex';

/**
 * Five-minute bars (src/domain/tables/marketLayouts.ts, FIVE_MINUTE_BARS): Baostock's history, kept whole, read by
 * the minute klines of five minutes and more where no one-minute bars are stored. Times Beijing, the bar's end.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('five_minute_bars', (t) => {
    t.string('ts_code', 12).notNullable();
    t.datetime('trade_time').notNullable().comment("the bar's end, Beijing");
    t.double('open');
    t.double('high');
    t.double('low');
    t.double('close');
    t.double('vol').comment('shares');
    t.double('amount').comment('yuan');
    t.primary(['ts_code', 'trade_time']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('five_minute_bars');
}
