import type { Knex } from 'knex';

/**
 * What each load changed: its table and, per partition column the rows held (`trade_date`, `ann_date`), the
 * first and last day written (none: the load's rows have no such day, a reference table). Written in the
 * load's own transaction (src/ingest/loadTable.ts, the audit's writes), read by the flat files (FLAT_DIR), which
 * write again the files of those days alone and keep the last id they hold in their manifest.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('data_changes', (t) => {
    t.increments('id');
    t.string('table_name', 64).notNullable();
    t.string('date_column', 32).comment('trade_date or ann_date; null: the rows hold neither');
    t.date('first_date').comment('null with date_column null: every day');
    t.date('last_date');
    t.datetime('changed_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('data_changes');
}
