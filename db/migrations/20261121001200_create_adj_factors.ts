import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('adj_factors', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.double('adj_factor').notNullable().comment('cumulative factor: backward price = P × AF(t)');
    t.primary(['ts_code', 'trade_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('adj_factors');
}
