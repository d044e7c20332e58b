import type { Knex } from 'knex';

const FIGURES = [
  'revenue',
  'operate_profit',
  'total_profit',
  'n_income',
  'total_assets',
  'total_hldr_eqy_exc_min_int',
  'diluted_eps',
  'diluted_roe',
  'yoy_net_profit',
  'bps',
  'yoy_sales',
  'yoy_op',
  'yoy_tp',
  'yoy_dedu_np',
  'yoy_eps',
  'yoy_roe',
  'growth_assets',
  'yoy_equity',
  'growth_bps',
  'or_last_year',
  'op_last_year',
  'tp_last_year',
  'np_last_year',
  'eps_last_year',
  'open_net_assets',
  'open_bps',
];

/**
 * Preliminary results (src/domain/tables/disclosureDescriptors.ts, EXPRESSES), per stock, report period and
 * announcement, read point in time like the forecasts; figures in yuan, percent and yuan a share as sent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('expresses', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('end_date').notNullable().comment('report period');
    t.date('ann_date').notNullable().comment('announced');
    for (const figure of FIGURES) t.double(figure);
    t.text('perf_summary');
    t.integer('is_audit').comment('1 audited, 0 not');
    t.text('remark');
    t.primary(['ts_code', 'end_date', 'ann_date']);
    t.index(['ann_date', 'ts_code'], 'expresses_ann_date_idx');
    t.index(['end_date', 'ts_code'], 'expresses_end_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('expresses');
}
