import type { Knex } from 'knex';

/**
 * Requests per key, endpoint and UTC day, written in batches by the usage recorder. `api_key_id` has no
 * foreign key on purpose: a deleted key's usage stays in the account's history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('usage_daily', (t) => {
    t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.integer('api_key_id').unsigned().notNullable();
    t.string('endpoint', 100).notNullable().comment('the contract path, e.g. /v1/stock/basic-info');
    t.date('day').notNullable().comment('UTC day');
    t.integer('count').notNullable();
    t.primary(['api_key_id', 'endpoint', 'day']);
    t.index(['account_id', 'day'], 'usage_daily_account_day_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('usage_daily');
}
