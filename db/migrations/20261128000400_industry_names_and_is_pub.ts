import type { Knex } from 'knex';

/**
 * Shenwan's tables as Tushare documents them: a member's name as the source sent it with the row
 * (`index_member_all`, doc 335: 000506.SZ *ST中润), and whether the industry's index is published (`index_classify`
 * `is_pub`, doc 181: none for an industry of fewer than five stocks).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('industry_members', (t) => {
    t.string('name', 64).comment("the member's name as the source sent it");
  });
  await knex.schema.alterTable('industry_classes', (t) => {
    t.string('is_pub', 1).comment('1 when the industry index is published');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('industry_members', (t) => {
    t.dropColumn('name');
  });
  await knex.schema.alterTable('industry_classes', (t) => {
    t.dropColumn('is_pub');
  });
}
