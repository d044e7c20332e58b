import type { Knex } from 'knex';

/**
 * Restricted shares unlocking (src/domain/tables/datasetDescriptors.ts, SHARE_FLOATS), per stock, unlock day,
 * announcement, holder and kind. The key serves one stock over time and the point-in-time read (the latest
 * announcement of an unlock on a date); the day-led index the whole market's unlocks of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('share_floats', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('float_date').notNullable().comment('the day the shares become tradable');
    t.date('ann_date').notNullable().comment('announced');
    t.string('holder_name', 200).notNullable();
    t.string('share_type', 100).notNullable();
    t.double('float_share').comment('shares');
    t.double('float_ratio').comment('percent of the total shares');
    t.primary(['ts_code', 'float_date', 'ann_date', 'holder_name', 'share_type']);
    t.index(['float_date', 'ts_code'], 'share_floats_float_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('share_floats');
}
