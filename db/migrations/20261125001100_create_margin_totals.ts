import type { Knex } from 'knex';

/** Tushare `margin` (src/domain/tables/datasetDescriptors.ts): each exchange's margin trading totals of a day. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('margin_totals', (t) => {
    t.date('trade_date').notNullable();
    t.string('exchange_id', 4).notNullable().comment('SSE, SZSE or BSE');
    t.double('rzye').comment('financing balance, yuan');
    t.double('rzmre').comment('financing bought, yuan');
    t.double('rzche').comment('financing repaid, yuan');
    t.double('rqye').comment('securities lent, balance in yuan');
    t.double('rqmcl').comment('securities lent and sold, shares');
    t.double('rzrqye').comment('financing and lending balance, yuan');
    t.double('rqyl').comment('securities lent, balance in shares');
    t.primary(['trade_date', 'exchange_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('margin_totals');
}
