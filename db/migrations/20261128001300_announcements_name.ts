import type { Knex } from 'knex';

/**
 * An announcement keeps the security's name as `anns_d` sends it (doc 176's example names each row), the name
 * on the day it was announced; rows stored before take the name the service answered for them until now.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (t) => {
    t.string('name', 64).comment("the security's name on the day, as the source sent it");
  });
  await knex('announcements').update({
    name: knex('securities').select('name').where('securities.ts_code', knex.ref('announcements.ts_code')),
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (t) => {
    t.dropColumn('name');
  });
}
