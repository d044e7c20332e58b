import type { Knex } from 'knex';

/**
 * Every company's record of one statement for one reporting period, as the cross-section answers it
 * (src/db/storedPeriods.ts): written by the first read of a whole period, forgotten by every load that writes a
 * statement of that period or an earlier one (src/ingest/loadTable.ts). A whole-market read of a stored period is
 * its rows' bytes, with no statement row decoded and no record written again.
 */
export async function up(knex: Knex): Promise<void> {
  const sqlite = knex.client.dialect === 'sqlite3';
  await knex.schema.createTable('stored_periods', (t) => {
    t.string('statement', 32).notNullable();
    t.integer('report_type').notNullable();
    t.date('end_date').notNullable();
    t.integer('part').notNullable().comment('a period is kept in parts of at most 1,000 companies each');
    t.string('layout', 64).notNullable().comment('the fields and the code the records were written by');
    t.text('codes', 'mediumtext').notNullable().comment('codes by comma, in code order');
    t.specificType('records', sqlite ? 'blob' : 'longblob')
      .notNullable()
      .comment("each code's record as JSON (UTF-8), one a line");
    t.datetime('stored_at').notNullable();
    t.primary(['statement', 'report_type', 'end_date', 'part']);
    t.index(['end_date'], 'stored_periods_end_date');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stored_periods');
}
