import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.increments('id').primary();
    t.string('email', 254).notNullable().unique();
    t.string('name', 100);
    t.string('password_hash', 255).comment('scrypt; null for accounts that cannot sign in (demo)');
    t.string('plan_id', 16).notNullable().references('plans.id');
    t.integer('rate_limit_per_minute').comment('custom budget of an enterprise account');
    t.datetime('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('accounts');
}
