import type { Knex } from 'knex';

/**
 * Share repurchases (src/domain/tables/disclosureDescriptors.ts, REPURCHASES), one row per stock, announcement
 * and stage; the announcement-led index the whole market's announcements of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('repurchases', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('ann_date').notNullable().comment('announced');
    t.string('proc', 50).notNullable().comment('stage');
    t.date('end_date');
    t.date('exp_date');
    t.double('vol').comment('shares');
    t.double('amount').comment('yuan');
    t.double('high_limit').comment('yuan');
    t.double('low_limit').comment('yuan');
    t.primary(['ts_code', 'ann_date', 'proc']);
    t.index(['ann_date', 'ts_code'], 'repurchases_ann_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('repurchases');
}
