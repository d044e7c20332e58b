import type { Knex } from 'knex';

/**
 * The datasets of ETFs and convertibles (src/domain/tables/instrumentDescriptors.ts): units outstanding and net
 * asset values per fund and day, conversion-price changes and calls per bond. Each key serves one security over
 * time; the day-led indexes the whole market of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fund_shares', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    t.double('fd_share').comment('units outstanding');
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date', 'ts_code'], 'fund_shares_trade_date_idx');
  });
  await knex.schema.createTable('fund_navs', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('nav_date').notNullable().comment('the day the NAV is of');
    t.date('ann_date').notNullable().comment('announced');
    t.double('unit_nav').comment('yuan per unit');
    t.double('accum_nav').comment('yuan per unit');
    t.double('accum_div').comment('yuan per unit');
    t.double('net_asset').comment('yuan');
    t.double('total_netasset').comment('yuan');
    t.double('adj_nav').comment('yuan per unit');
    t.primary(['ts_code', 'nav_date', 'ann_date']);
    t.index(['nav_date', 'ts_code'], 'fund_navs_nav_date_idx');
  });
  await knex.schema.createTable('convertible_price_changes', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('change_date').notNullable().comment('effective from');
    t.string('bond_short_name', 64);
    t.date('publish_date');
    t.double('convert_price_initial').comment('yuan per share');
    t.double('convertprice_bef').comment('yuan per share');
    t.double('convertprice_aft').notNullable().comment('yuan per share');
    t.primary(['ts_code', 'change_date']);
  });
  await knex.schema.createTable('convertible_calls', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('ann_date').notNullable();
    t.string('is_call', 32)
      .notNullable()
      .comment('已满足强赎条件, 公告提示强赎, 公告实施强赎, 公告到期赎回, 公告不强赎');
    t.string('call_type', 16).comment('到赎 or 强赎');
    t.date('call_date');
    t.double('call_price').comment('yuan per bond, tax included');
    t.double('call_price_tax').comment('yuan per bond, after tax');
    t.double('call_vol').comment('bonds');
    t.double('call_amount').comment('yuan');
    t.date('payment_date');
    t.date('call_reg_date');
    t.primary(['ts_code', 'ann_date', 'is_call']);
    t.index(['ann_date', 'ts_code'], 'convertible_calls_ann_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['convertible_calls', 'convertible_price_changes', 'fund_navs', 'fund_shares'])
    await knex.schema.dropTable(table);
}
