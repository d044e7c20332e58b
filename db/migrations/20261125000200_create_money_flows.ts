import type { Knex } from 'knex';

/**
 * Tushare `moneyflow` per stock and day (src/domain/tables/datasetDescriptors.ts): volumes in lots, amounts in yuan.
 * The key serves one stock over time; the date-led index the whole market of a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('money_flows', (t) => {
    t.string('ts_code', 12).notNullable();
    t.date('trade_date').notNullable();
    for (const size of ['sm', 'md', 'lg', 'elg']) {
      for (const side of ['buy', 'sell']) {
        t.double(`${side}_${size}_vol`).comment('lots');
        t.double(`${side}_${size}_amount`).comment('yuan');
      }
    }
    t.double('net_mf_vol').comment('lots');
    t.double('net_mf_amount').comment('yuan');
    t.primary(['ts_code', 'trade_date']);
    t.index(['trade_date', 'ts_code'], 'money_flows_trade_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('money_flows');
}
