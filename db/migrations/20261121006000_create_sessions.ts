import type { Knex } from 'knex';

/** Console sign-in sessions: the opaque token is never stored, only its SHA-256; logout deletes the row. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.increments('id').primary();
    t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique().comment('hex SHA-256 of the bearer token');
    t.datetime('created_at').notNullable();
    t.datetime('expires_at').notNullable().comment('UTC; the session is refused from this instant on');
    t.index(['account_id'], 'sessions_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
