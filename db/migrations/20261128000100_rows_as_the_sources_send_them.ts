import type { Knex } from 'knex';

/** The datasets whose Tushare rows carry the security's name as it was that day (docs 58, 188, 298, 106). */
const NAMED_DAILY_TABLES = ['margin_details', 'northbound_holdings', 'limit_lists', 'top_lists'];

/**
 * Rows as Tushare documents them: the name of the day kept with each dataset row that carries one (the service
 * answered the security's current name); a convertible's conversion-price row without a price after the change
 * (cb_price_chg, doc 246: the initial price's row has `convertprice_bef` and `convertprice_aft` None).
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of NAMED_DAILY_TABLES)
    await knex.schema.alterTable(table, (t) => {
      t.string('name', 64).comment("the security's name on that day, as the source sent it");
    });
  await knex.schema.alterTable('convertible_price_changes', (t) => {
    t.double('convertprice_aft').nullable().comment('yuan per share; none on the initial price row').alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('convertible_price_changes').whereNull('convertprice_aft').delete();
  await knex.schema.alterTable('convertible_price_changes', (t) => {
    t.double('convertprice_aft').notNullable().comment('yuan per share').alter();
  });
  for (const table of NAMED_DAILY_TABLES)
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('name');
    });
}
