import type { Knex } from 'knex';

/**
 * Key and version columns shared by the three statements. One row per announced version: the latest
 * f_ann_date (then update_flag) is the current figure; older versions serve point-in-time reads.
 */
export function statementKeyColumns(t: Knex.CreateTableBuilder): void {
  t.string('ts_code', 12).notNullable();
  t.date('end_date').notNullable().comment('reporting period end');
  t.integer('report_type').notNullable().comment('1 consolidated, 6 parent company (Tushare codes)');
  t.date('f_ann_date').notNullable().comment('announcement date of this version');
  t.date('ann_date');
  t.integer('comp_type').comment('1 general, 2 bank, 3 insurance, 4 securities');
  t.integer('end_type').comment('1 Q1, 2 half-year, 3 Q3, 4 annual');
  t.integer('update_flag').notNullable().defaultTo(0);
  t.primary(['ts_code', 'report_type', 'end_date', 'f_ann_date']);
}
