import type { Knex } from 'knex';

/**
 * industry_members in Tushare `index_member_all` layout: one membership interval of a stock in a level-3
 * industry, with its level-1 and level-2 parents, so a date selects the members of any level that day.
 * The table held no rows before (nothing loaded it), so it is replaced, not migrated.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable('industry_members');
  await knex.schema.createTable('industry_members', (t) => {
    t.string('ts_code', 12).notNullable();
    t.string('l1_code', 16).notNullable().comment('level-1 industry index code, e.g. 801120.SI');
    t.string('l1_name', 64).notNullable();
    t.string('l2_code', 16).notNullable();
    t.string('l2_name', 64).notNullable();
    t.string('l3_code', 16).notNullable();
    t.string('l3_name', 64).notNullable();
    t.date('in_date').notNullable();
    t.date('out_date').comment('last day of membership; null while a member (is_new Y)');
    t.primary(['ts_code', 'l3_code', 'in_date']);
    t.index(['l1_code'], 'industry_members_l1_idx');
    t.index(['l2_code'], 'industry_members_l2_idx');
    t.index(['l3_code'], 'industry_members_l3_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('industry_members');
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
