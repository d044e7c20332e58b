import type { Knex } from 'knex';

/** What a Tushare sync has finished, so a rerun after a crash continues after it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_progress', (t) => {
    t.string('api_name', 32).notNullable();
    t.string('part', 32).notNullable().comment('trade date or other unit of work');
    t.integer('rows').notNullable();
    t.datetime('finished_at').notNullable();
    t.primary(['api_name', 'part']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sync_progress');
}
