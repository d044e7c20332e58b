import type { Knex } from 'knex';

/** Tushare `namechange`: the names a security has had. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('name_changes', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('start_date').notNullable();
    t.date('end_date');
    t.date('ann_date');
    t.string('name', 64).notNullable();
    t.string('change_reason', 64);
    t.primary(['ts_code', 'start_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('name_changes');
}
