import type { Knex } from 'knex';

/** Billing history: one invoice per subscription start or plan change. Payment is collected outside the service. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id').primary();
    t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
    t.string('plan_id', 16).notNullable().references('plans.id').comment('the plan this invoice is for');
    t.string('previous_plan_id', 16).references('plans.id').comment('null when the subscription started');
    t.integer('amount_cents').notNullable().comment('CNY cents: the new plan’s monthly price, no proration');
    t.string('currency', 3).notNullable();
    t.date('period_start').notNullable();
    t.date('period_end').notNullable().comment('exclusive: one month after period_start');
    t.datetime('created_at').notNullable();
    t.index(['account_id', 'id'], 'invoices_account_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoices');
}
