import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('industry_members', (t) => {
    t.string('industry_code', 16).notNullable();
    t.string('industry_name', 64);
    t.integer('level').comment('1 first-level, 2 second-level');
    t.string('ts_code', 12).notNullable();
    t.date('in_date').notNullable();
    t.date('out_date');
    t.primary(['industry_code', 'ts_code', 'in_date']);
    t.index(['ts_code'], 'industry_members_ts_code_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('industry_members');
}
