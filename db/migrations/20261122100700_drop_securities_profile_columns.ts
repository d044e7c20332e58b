import type { Knex } from 'knex';

/** The company profile moved to company_profiles (Tushare `stock_company`); these columns were never filled. */
const MOVED = [
  'description',
  'website',
  'address',
  'chairman',
  'general_manager',
  'secretary',
  'established_date',
  'registered_capital',
  'business_scope',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('securities', (t) => {
    t.dropColumns(...MOVED);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('securities', (t) => {
    t.text('description');
    t.string('website', 128);
    t.string('address', 256);
    t.string('chairman', 64);
    t.string('general_manager', 64);
    t.string('secretary', 64);
    t.date('established_date');
    t.double('registered_capital').comment('yuan');
    t.text('business_scope');
  });
}
