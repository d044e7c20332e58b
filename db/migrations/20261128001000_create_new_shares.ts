import type { Knex } from 'knex';

/**
 * IPOs (src/domain/tables/disclosureDescriptors.ts, NEW_SHARES), one row per security; the subscription-day index
 * serves the whole market's offers of a day and `/dataapi`'s range.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('new_shares', (t) => {
    t.string('ts_code', 12).notNullable().primary();
    t.string('sub_code', 12).comment('subscription code');
    t.string('name', 64).comment('the name it was offered under');
    t.date('ipo_date').notNullable().comment('subscription day');
    t.date('issue_date').comment('listing day');
    t.double('amount').comment('shares offered');
    t.double('market_amount').comment('shares offered online');
    t.double('price').comment('issue price, yuan');
    t.double('pe').comment('issue P/E');
    t.double('limit_amount').comment("an individual's cap, shares");
    t.double('funds').comment('proceeds, yuan');
    t.double('ballot').comment('allotment rate, percent');
    t.index(['ipo_date', 'ts_code'], 'new_shares_ipo_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('new_shares');
}
