import type { Knex } from 'knex';

/**
 * Each security's state of a day (src/domain/quality/dayStates.ts): its risk warning by its name then, its limit
 * prices and where they come from, how it closed against them, its up-limit streak, its listing's session number,
 * and a row of its own for a day it was suspended. Written by the audit for every day it reads (src/audit), so
 * every load and update keeps it current; read by the daily route (joined on the key), a whole day (the date-led
 * index), the export and qlib.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('day_states', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.string('name', 64).comment('its name that day; null: none stored');
    t.string('risk_warning', 10).comment('none, ST, *ST, delisting, S; null: no name of that day stored');
    t.double('limit_up').comment('yuan');
    t.double('limit_down').comment('yuan');
    t.string('limit_source', 10).comment('source (stk_limit), computed, no_limit');
    t.string('limit_move', 8).comment('up, down, opened (touched the up limit, closed below), none');
    t.integer('limit_streak').comment('consecutive up-limit closes through the day');
    t.integer('listing_session').comment('1: the first day of trading');
    t.integer('suspended').notNullable().defaultTo(0);
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date', 'ts_code'], 'day_states_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('day_states');
}
