import type { Knex } from 'knex';

/**
 * SQLite's daily tables stored in their primary key's order, as InnoDB stores every table: WITHOUT ROWID.
 *
 * A rowid table keeps its rows in the order they were inserted, and the store is filled a trading day at a
 * time, so one security's days lie one row per page across the table and its primary key only points at them:
 * a symbol's three years of valuations were 36,000 page reads scattered over the file, slower the bigger the
 * file (bench/results/cross-section-sqlite.json, scale-sqlite.json). Clustered by (ts_code, trade_date), a
 * symbol's history is one contiguous range, and the day's reads keep their date-led covering indexes.
 *
 * Each table is rebuilt once (its rows copied in key order, its indexes made again). MariaDB is unchanged.
 * Knex rebuilds a SQLite table from its own DDL when a later migration drops or alters a column there: such a
 * migration must add WITHOUT ROWID again.
 */
const TABLES = ['daily_bars', 'adj_factors', 'daily_basic'];
const isSqlite = (knex: Knex) => knex.client.dialect === 'sqlite3';

async function rebuild(knex: Knex, table: string, clustered: boolean): Promise<void> {
  const [created] = await knex('sqlite_master').where({ type: 'table', name: table }).select('sql');
  const indexes: Array<{ sql: string }> = await knex('sqlite_master')
    .where({ type: 'index', tbl_name: table })
    .whereNotNull('sql')
    .select('sql');
  const definition = String(created.sql).replace(/\s*without rowid\s*$/i, '');
  const renamed = definition.replace(/^create table\s+[`"]?\w+[`"]?/i, `create table \`${table}_rebuilt\``);
  await knex.raw(`${renamed}${clustered ? ' without rowid' : ''}`);
  await knex.raw(`insert into \`${table}_rebuilt\` select * from \`${table}\` order by ts_code, trade_date`);
  await knex.schema.dropTable(table);
  await knex.schema.renameTable(`${table}_rebuilt`, table);
  for (const index of indexes) await knex.raw(index.sql);
}

export async function up(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const table of TABLES) await rebuild(knex, table, true);
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) return;
  for (const table of TABLES) await rebuild(knex, table, false);
}
