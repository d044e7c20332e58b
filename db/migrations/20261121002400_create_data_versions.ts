import type { Knex } from 'knex';

/** A counter per data set, bumped by every import or sync that changes it; response caches key on it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('data_versions', (t) => {
    t.string('dataset', 32).primary();
    t.integer('version').notNullable().defaultTo(0);
    t.datetime('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('data_versions');
}
