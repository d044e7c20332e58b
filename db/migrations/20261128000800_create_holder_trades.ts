import type { Knex } from 'knex';

/**
 * Shareholders' purchases and sales (src/domain/tables/disclosureDescriptors.ts, HOLDER_TRADES), per stock,
 * announcement, holder and direction; the announcement-led index the whole market's announcements of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('holder_trades', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('ann_date').notNullable().comment('announced');
    t.string('holder_name', 200).notNullable();
    t.string('in_de', 2).notNullable().comment('IN bought, DE sold');
    t.string('holder_type', 2).comment('G executive, P person, C company');
    t.double('change_vol').comment('shares');
    t.double('change_ratio').comment('percent of the float');
    t.double('after_share').comment('shares');
    t.double('after_ratio').comment('percent of the float');
    t.double('avg_price').comment('yuan');
    t.double('total_share').comment('shares');
    t.date('begin_date');
    t.date('close_date');
    t.primary(['ts_code', 'ann_date', 'holder_name', 'in_de']);
    t.index(['ann_date', 'ts_code'], 'holder_trades_ann_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('holder_trades');
}
