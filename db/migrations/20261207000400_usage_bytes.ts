import type { Knex } from 'knex';

/** The bytes of the flat files sent per key, endpoint and day (`/v1/files/{dataset}/{file}`; 0 for other routes). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('usage_daily', (t) => {
    t.bigInteger('bytes').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('usage_daily', (t) => {
    t.dropColumn('bytes');
  });
}
