import type { Knex } from 'knex';

/** Baostock's quarterly indicator columns (src/domain/tables/datasetDescriptors.ts, INDICATOR_SOURCES), as created. */
const INDICATORS = [
  'roe_avg',
  'np_margin',
  'gp_margin',
  'net_profit',
  'eps_ttm',
  'mb_revenue',
  'total_share',
  'liqa_share',
  'nr_turn_ratio',
  'nr_turn_days',
  'inv_turn_ratio',
  'inv_turn_days',
  'ca_turn_ratio',
  'asset_turn_ratio',
  'yoy_equity',
  'yoy_asset',
  'yoy_ni',
  'yoy_eps_basic',
  'yoy_pni',
  'current_ratio',
  'quick_ratio',
  'cash_ratio',
  'yoy_liability',
  'liability_to_asset',
  'asset_to_equity',
  'ca_to_asset',
  'nca_to_asset',
  'tangible_asset_to_asset',
  'ebit_to_interest',
  'cfo_to_or',
  'cfo_to_np',
  'cfo_to_gr',
  'dupont_roe',
  'dupont_asset_sto_equity',
  'dupont_asset_turn',
  'dupont_pnitoni',
  'dupont_nitogr',
  'dupont_tax_burden',
  'dupont_intburden',
  'dupont_ebittogr',
];

/**
 * Baostock's quarterly profitability, operation, growth, solvency, cash-flow and DuPont indicators per stock,
 * report period and publication (`sync baostock --datasets financials`). The key serves one stock over time and
 * the point-in-time read; the period-led index the whole market of a period.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quarterly_indicators', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('end_date').notNullable().comment('report period (statDate)');
    t.date('ann_date').notNullable().comment('published (pubDate)');
    for (const column of INDICATORS) t.double(column);
    t.primary(['ts_code', 'end_date', 'ann_date']);
    t.index(['end_date', 'ts_code'], 'quarterly_indicators_end_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quarterly_indicators');
}
