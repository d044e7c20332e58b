import type { Knex } from 'knex';

/** Tushare `anns_d` carries the time an announcement was received (`rec_time`), shown beside its date. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (t) => {
    t.string('rec_time', 19).comment('YYYY-MM-DD HH:MM:SS, Beijing time; null when the source lacks it');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (t) => {
    t.dropColumn('rec_time');
  });
}
