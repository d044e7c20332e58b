import type { Knex } from 'knex';

/**
 * What the after-close update knows of itself (src/ingest/update): each run (scheduled or by `ashare update`),
 * and per dataset and session the state it last found: complete, partial (fewer rows than the day's universe
 * asks) or failed (the source refused, with its reason), so that a restart loses nothing and the next run
 * fetches only what is not complete. Instants in UTC.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('update_runs', (t) => {
    t.increments('id');
    t.string('source', 16).notNullable();
    t.string('trigger', 16).notNullable().comment('schedule or command');
    t.string('slot', 16).comment('the scheduled Beijing time it ran for, YYYY-MM-DD HH:MM');
    t.datetime('started_at').notNullable();
    t.datetime('finished_at');
    t.string('status', 16).notNullable().comment('running, ok, incomplete (a session still not loaded) or failed');
    t.integer('sessions').notNullable().defaultTo(0);
    t.integer('rows').notNullable().defaultTo(0);
    t.string('error', 500);
    t.index(['source', 'slot']);
  });
  await knex.schema.createTable('update_sessions', (t) => {
    t.string('dataset', 32).notNullable();
    t.date('trade_date').notNullable();
    t.string('state', 16).notNullable().comment('complete, partial or failed');
    t.integer('rows').notNullable();
    t.integer('expected').notNullable();
    t.string('source', 16).notNullable();
    t.string('reason', 500);
    t.integer('failures').notNullable().defaultTo(0).comment('times an update failed to load it, ever');
    t.datetime('updated_at').notNullable();
    t.primary(['dataset', 'trade_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('update_sessions');
  await knex.schema.dropTable('update_runs');
}
