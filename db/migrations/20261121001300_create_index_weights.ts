import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('index_weights', (t) => {
    t.string('index_code', 12).notNullable();
    t.date('trade_date').notNullable().comment('date of the constituent snapshot');
    t.string('con_code', 12).notNullable();
    t.double('weight').comment('percent');
    t.primary(['index_code', 'trade_date', 'con_code']);
    t.index(['con_code'], 'index_weights_con_code_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('index_weights');
}
