import type { Knex } from 'knex';

/** The columns of a top-ten holders table (Tushare `top10_holders`, `top10_floatholders`). */
function holderColumns(t: Knex.CreateTableBuilder, table: string): void {
  t.string('ts_code', 12).notNullable();
  t.date('end_date').notNullable().comment('report period');
  t.date('ann_date').notNullable().comment('announced');
  t.string('holder_name', 128).notNullable();
  t.double('hold_amount').comment('shares');
  t.double('hold_ratio').comment('percent of the total shares');
  t.double('hold_float_ratio').comment('percent of the float');
  t.double('hold_change').comment('shares, against the period before');
  t.string('holder_type', 32);
  t.primary(['ts_code', 'end_date', 'ann_date', 'holder_name']);
  t.index(['end_date', 'ts_code'], `${table}_end_date_idx`);
}

/**
 * The shareholder datasets (src/domain/tables/datasetDescriptors.ts): top-ten holders and float holders, and the
 * holder count, per stock, report period and announcement. The keys serve one stock over time and the
 * point-in-time read (the latest announcement of a period on a date); the period-led indexes the whole market.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('top_holders', (t) => holderColumns(t, 'top_holders'));
  await knex.schema.createTable('top_float_holders', (t) => holderColumns(t, 'top_float_holders'));
  await knex.schema.createTable('holder_counts', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('end_date').notNullable().comment('the day counted');
    t.date('ann_date').notNullable().comment('announced');
    t.integer('holder_num');
    t.primary(['ts_code', 'end_date', 'ann_date']);
    t.index(['end_date', 'ts_code'], 'holder_counts_end_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('holder_counts');
  await knex.schema.dropTable('top_float_holders');
  await knex.schema.dropTable('top_holders');
}
