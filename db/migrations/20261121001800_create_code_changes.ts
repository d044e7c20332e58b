import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('code_changes', (t) => {
    t.string('old_code', 12).notNullable();
    t.string('new_code', 12).notNullable();
    t.date('change_date').notNullable();
    t.string('reason', 128);
    t.primary(['old_code', 'change_date']);
    t.index(['new_code'], 'code_changes_new_code_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('code_changes');
}
