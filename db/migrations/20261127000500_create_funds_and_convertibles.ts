import type { Knex } from 'knex';

/**
 * Exchange-traded funds and convertible bonds beside stocks and indices (src/domain/tables/instrumentLayouts.ts):
 * `securities.kind` widened for `convertible` (SQLite does not enforce a VARCHAR's length), each fund's
 * `fund_basic` row and each bond's `cb_basic` terms. Their bars and factors share `daily_bars` and `adj_factors`.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.dialect !== 'sqlite3')
    await knex.schema.alterTable('securities', (t) => {
      t.string('kind', 16).notNullable().defaultTo('stock').comment('stock, index, etf or convertible').alter();
    });
  await knex.schema.createTable('funds', (t) => {
    t.string('ts_code', 12).primary();
    t.string('name', 64).notNullable();
    t.string('management', 128);
    t.string('custodian', 128);
    t.string('fund_type', 32).comment('investment type: 股票型, 债券型, 货币市场型, 商品型 …');
    t.date('found_date');
    t.date('due_date');
    t.date('list_date');
    t.date('issue_date');
    t.date('delist_date');
    t.double('issue_amount').comment('hundred million units');
    t.double('m_fee').comment('management fee, percent a year');
    t.double('c_fee').comment('custody fee, percent a year');
    t.double('duration_year');
    t.double('p_value').comment('par value, yuan');
    t.double('min_amount').comment('ten thousand yuan');
    t.double('exp_return');
    t.text('benchmark');
    t.string('status', 1).comment('D delisted, I issuing, L listed');
    t.string('invest_type', 64);
    t.string('type', 64);
    t.string('trustee', 128);
    t.date('purc_startdate');
    t.date('redm_startdate');
    t.string('market', 1).comment('E exchange-traded');
  });
  await knex.schema.createTable('convertibles', (t) => {
    t.string('ts_code', 12).primary();
    t.string('bond_full_name', 128);
    t.string('bond_short_name', 64).notNullable();
    t.string('cb_code', 12).comment('conversion order code');
    t.string('stk_code', 12).comment('the underlying stock');
    t.string('stk_short_name', 64);
    t.double('maturity').comment('years');
    t.double('par').comment('yuan');
    t.double('issue_price');
    t.double('issue_size').comment('yuan');
    t.double('remain_size').comment('yuan');
    t.date('value_date');
    t.date('maturity_date');
    t.string('rate_type', 32);
    t.double('coupon_rate').comment('percent');
    t.double('add_rate').comment('percent');
    t.integer('pay_per_year');
    t.date('list_date');
    t.date('delist_date');
    t.string('exchange', 8);
    t.date('conv_start_date');
    t.date('conv_end_date');
    t.date('conv_stop_date');
    t.double('first_conv_price').comment('yuan per share');
    t.double('conv_price').comment('the latest, yuan per share');
    t.text('rate_clause');
    t.text('put_clause');
    t.string('maturity_put_price', 64);
    t.text('call_clause');
    t.text('reset_clause');
    t.text('conv_clause');
    t.string('guarantor', 256);
    t.string('guarantee_type', 64);
    t.string('issue_rating', 16);
    t.string('newest_rating', 16);
    t.string('rating_comp', 128);
    t.index(['stk_code'], 'convertibles_stk_code_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('convertibles');
  await knex.schema.dropTable('funds');
  if (knex.client.dialect !== 'sqlite3')
    await knex.schema.alterTable('securities', (t) => {
      t.string('kind', 8).notNullable().defaultTo('stock').alter();
    });
}
