import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (t) => {
    t.string('id', 16).primary().comment('starter, professional, enterprise');
    t.string('name', 32).notNullable();
    t.integer('price_monthly_cents').notNullable().comment('CNY cents per month; 0 for enterprise (by contract)');
    t.integer('rate_limit_per_minute').comment('null: set per account (enterprise)');
    t.integer('daily_delay_minutes').notNullable();
    t.integer('minute_delay_minutes').notNullable();
    t.boolean('tick_access').notNullable();
    t.integer('sort_order').notNullable();
  });
  await knex('plans').insert([
    {
      id: 'starter',
      name: 'Starter',
      price_monthly_cents: 9900,
      rate_limit_per_minute: 100,
      daily_delay_minutes: 15,
      minute_delay_minutes: 15,
      tick_access: false,
      sort_order: 1,
    },
    {
      id: 'professional',
      name: 'Professional',
      price_monthly_cents: 49900,
      rate_limit_per_minute: 300,
      daily_delay_minutes: 0,
      minute_delay_minutes: 1,
      tick_access: true,
      sort_order: 2,
    },
    {
      id: 'enterprise',
      name: 'Enterprise',
      price_monthly_cents: 0,
      rate_limit_per_minute: null,
      daily_delay_minutes: 0,
      minute_delay_minutes: 0,
      tick_access: true,
      sort_order: 3,
    },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('plans');
}
