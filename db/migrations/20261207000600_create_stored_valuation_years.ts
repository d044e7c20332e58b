import type { Knex } from 'knex';

/**
 * A security's valuation days of one calendar year as the valuation route answers them
 * (src/db/storedValuationYears.ts): written by the first read of a window that covers the year, forgotten by every
 * load that writes a row of that year to daily_basic (src/ingest/loadTable.ts). A window of stored years is
 * slices of their bytes, with no row decoded and no day written again.
 */
export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.dialect === 'sqlite3';
  await knex.schema.createTable('stored_valuation_years', (t) => {
    t.string('ts_code', 16).notNullable();
    t.integer('year').notNullable();
    t.string('layout', 64).notNullable().comment('the fields and the code the days were written by');
    t.specificType('days', sqlite ? 'blob' : 'mediumblob')
      .notNullable()
      .comment("each day's valuation as JSON (UTF-8), newest first, by comma");
    t.specificType('ends', sqlite ? 'blob' : 'mediumblob')
      .notNullable()
      .comment("where each day's JSON ends in days: Uint32 little-endian");
    t.datetime('stored_at').notNullable();
    t.primary(['ts_code', 'year']);
    t.index(['year'], 'stored_valuation_years_year');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stored_valuation_years');
}
