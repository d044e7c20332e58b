import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id').primary();
    t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('prefix', 16).notNullable().comment('first characters of the key, shown in lists');
    t.string('key_hash', 64)
      .notNullable()
      .unique()
      .comment('hex SHA-256 of the full key; the key itself is never stored');
    t.string('scopes', 100).notNullable().comment('comma-separated: market, financials, reference, events');
    t.datetime('created_at').notNullable();
    t.datetime('last_used_at');
    t.datetime('expires_at');
    t.index(['account_id'], 'api_keys_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
}
