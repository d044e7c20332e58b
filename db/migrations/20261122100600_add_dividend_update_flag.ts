import type { Knex } from 'knex';

/** Tushare repeats rows of one dividend stage with a higher `update_flag` when it corrects them; the highest stands. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('dividends', (t) => {
    t.integer('update_flag').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('dividends', (t) => {
    t.dropColumn('update_flag');
  });
}
