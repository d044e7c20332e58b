import type { Knex } from 'knex';

/**
 * Live quotes by minute across securities: the newest live day (read when the feed writes, to know whether the
 * daily routes owe a running bar) and the clearing of earlier sessions are index ranges instead of scans of a
 * session's million rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_quotes', (t) => {
    t.index(['quote_minute'], 'live_quotes_minute_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('live_quotes', (t) => {
    t.dropIndex(['quote_minute'], 'live_quotes_minute_idx');
  });
}
