import type { Knex } from 'knex';

/**
 * `announcements.rec_time` as the datetime its registry says it is (src/domain/tables/eventLayouts.ts), not
 * text: the registries are checked against the migrated schema (test/ingest/table-registries.test.ts). Values
 * stay `YYYY-MM-DD HH:MM:SS`, Beijing time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (t) => {
    t.datetime('rec_time').nullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (t) => {
    t.string('rec_time', 19).nullable().alter();
  });
}
