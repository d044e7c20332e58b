import type { Knex } from 'knex';

/**
 * Tushare `margin_detail` per stock and day (src/domain/tables/datasetDescriptors.ts): balances and amounts in yuan,
 * lent securities in shares. The key serves one stock over time; the date-led index the whole market of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('margin_details', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.double('rzye').comment('margin financing balance, yuan');
    t.double('rqye').comment('securities lending balance, yuan');
    t.double('rzmre').comment('financed buying, yuan');
    t.double('rqyl').comment('securities lent out, shares');
    t.double('rzche').comment('financing repaid, yuan');
    t.double('rqchl').comment('securities returned, shares');
    t.double('rqmcl').comment('securities sold short, shares');
    t.double('rzrqye').comment('financing and lending balance, yuan');
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date', 'ts_code'], 'margin_details_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('margin_details');
}
