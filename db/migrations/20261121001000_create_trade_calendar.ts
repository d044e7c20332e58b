import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trade_calendar', (t) => {
    t.string('exchange', 4).notNullable().comment('SSE; its calendar serves all three exchanges');
    t.date('cal_date').notNullable();
    t.boolean('is_open').notNullable();
    t.date('pretrade_date').comment('previous open day');
    t.primary(['exchange', 'cal_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trade_calendar');
}
