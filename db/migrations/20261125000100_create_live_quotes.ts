import type { Knex } from 'knex';

/**
 * Live quotes from the quote feed: per security the last snapshot of each minute of the current session (and
 * of the last one until the next begins), so each plan reads the newest its delay lets it see. Prices in
 * yuan, the day's cumulative volume in shares and amount in yuan, times Beijing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('live_quotes', (t) => {
    t.string('ts_code', 12).notNullable();
    t.datetime('quote_minute').notNullable().comment('the minute the snapshot falls in (its start), Beijing');
    t.datetime('quote_time').notNullable().comment("the snapshot's market time, Beijing");
    t.string('name', 32);
    t.double('last');
    t.double('open');
    t.double('high');
    t.double('low');
    t.double('pre_close');
    t.double('volume').comment('shares, the day so far');
    t.double('amount').comment('yuan, the day so far');
    t.text('book').comment('JSON {"bids":[[price,shares],…],"asks":[…]}, best first');
    t.double('limit_up');
    t.double('limit_down');
    t.boolean('suspended').notNullable().defaultTo(false);
    t.primary(['ts_code', 'quote_minute']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('live_quotes');
}
