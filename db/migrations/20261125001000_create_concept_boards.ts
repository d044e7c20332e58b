import type { Knex } from 'knex';

/**
 * Tonghuashun's concept and theme boards and their members (Tushare `ths_index`, `ths_member`;
 * src/domain/tables/referenceLayouts.ts). The members' key serves a board's list; the member-led index the
 * boards of one stock.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('concept_boards', (t) => {
    t.string('ts_code', 16).primary();
    t.string('name', 64).notNullable();
    t.integer('count').comment('members');
    t.string('exchange', 4).comment('A, HK or US');
    t.date('list_date');
    t.string('type', 4).comment('N concept, I industry, R region, S special, ST style, TH theme, BB broad');
    t.index(['name'], 'concept_boards_name_idx');
  });
  await knex.schema.createTable('concept_members', (t) => {
    t.string('ts_code', 16).notNullable().comment('the board');
    t.string('con_code', 16).notNullable().comment('the member');
    t.string('con_name', 64);
    t.double('weight');
    t.date('in_date');
    t.date('out_date');
    t.string('is_new', 1).comment('Y while a member');
    t.primary(['ts_code', 'con_code']);
    t.index(['con_code', 'ts_code'], 'concept_members_con_code_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('concept_members');
  await knex.schema.dropTable('concept_boards');
}
