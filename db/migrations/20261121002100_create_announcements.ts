import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('announcements', (t) => {
    t.string('id', 64).primary().comment('the source id');
    t.string('ts_code', 12).notNullable();
    t.date('ann_date').notNullable();
    t.string('title', 512).notNullable();
    t.string('type', 32);
    t.string('url', 512);
    t.index(['ts_code', 'ann_date'], 'announcements_ts_code_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('announcements');
}
