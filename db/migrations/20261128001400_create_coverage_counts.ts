import type { Knex } from 'knex';

/**
 * What `/v1/data/coverage` counted of the whole store (each dataset's span, rows, securities and the gap
 * window's sessions), kept under the data versions and window it is of: a process that starts, or another one
 * of the cluster, reads it instead of counting tables of tens of millions of rows again
 * (src/modules/freshness/coverage.service.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('coverage_counts', (t) => {
    t.string('count_key', 191).primary().comment('data versions, gap window and exchanges counted');
    t.text('stats', 'mediumtext').notNullable().comment('JSON: per dataset first, last, rows, securities, sessions');
    t.datetime('counted_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('coverage_counts');
}
