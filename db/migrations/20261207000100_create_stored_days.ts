import type { Knex } from 'knex';

/**
 * A trading day's bars, factors and valuations as stored columns (src/db/storedDays.ts): written by the first
 * read of a whole day, forgotten by every load that writes a row of that day to daily_bars, adj_factors or
 * daily_basic (src/ingest/loadTable.ts). A whole-market read of a stored day is one row, its numbers one blob
 * that needs no decoding row by row.
 */
export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.dialect === 'sqlite3';
  await knex.schema.createTable('stored_days', (t) => {
    t.date('trade_date').primary();
    t.string('layout', 1000).notNullable().comment('the numbers of a row, in order: a layout that changed is not read');
    t.text('codes', 'mediumtext').notNullable().comment('codes by comma, in code order');
    t.specificType('numbers', sqlite ? 'blob' : 'longblob')
      .notNullable()
      .comment('Float64 little-endian, a row of layout after another; NaN for null');
    t.datetime('stored_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stored_days');
}
