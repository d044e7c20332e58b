import type { Knex } from 'knex';

/** Tushare `disclosure_date`: the exchanges' schedule of periodic reports (planned and actual dates). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('disclosure_dates', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('end_date').notNullable().comment('reporting period end');
    t.date('ann_date').comment('date of the latest schedule announcement');
    t.date('pre_date').comment('planned disclosure date');
    t.date('actual_date').comment('actual disclosure date, null until published');
    t.string('modify_date', 100).comment('earlier planned dates, comma-separated as the source gives them');
    t.primary(['ts_code', 'end_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('disclosure_dates');
}
