import type { Knex } from 'knex';

/**
 * Earnings forecasts (src/domain/tables/disclosureDescriptors.ts, FORECASTS), per stock, report period and
 * announcement: the key serves one stock over time and the point-in-time read (the latest announcement of a
 * period on a date); the announcement-led index the sync's day and `/dataapi` by announcement day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forecasts', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('end_date').notNullable().comment('report period');
    t.date('ann_date').notNullable().comment('announced');
    t.string('type', 20);
    t.double('p_change_min').comment('percent');
    t.double('p_change_max').comment('percent');
    t.double('net_profit_min').comment('yuan');
    t.double('net_profit_max').comment('yuan');
    t.double('last_parent_net').comment('yuan, the year before');
    t.date('first_ann_date');
    t.text('summary');
    t.text('change_reason');
    t.primary(['ts_code', 'end_date', 'ann_date']);
    t.index(['ann_date', 'ts_code'], 'forecasts_ann_date_idx');
    t.index(['end_date', 'ts_code'], 'forecasts_end_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('forecasts');
}
