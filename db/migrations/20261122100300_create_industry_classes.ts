import type { Knex } from 'knex';

/** Tushare `index_classify`: the Shenwan industries (SW2021) of every level, each with its parent. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('industry_classes', (t) => {
    t.string('index_code', 16).primary().comment('the industry index code, e.g. 801120.SI');
    t.string('industry_name', 64).notNullable();
    t.string('parent_code', 16).comment('industry_code of the parent; 0 at level 1');
    t.integer('level').notNullable().comment('1, 2 or 3');
    t.string('industry_code', 16).notNullable().comment('classification code, e.g. 340000');
    t.string('src', 16).comment('classification, e.g. SW2021');
    t.index(['industry_name'], 'industry_classes_name_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('industry_classes');
}
