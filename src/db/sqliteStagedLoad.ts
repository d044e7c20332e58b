import type { Knex } from 'knex';
import { updatedColumns, type Row, type TableWriter, type UpsertSpec } from './upsertSpec';
import { withPageCache } from './sql';
import { sqliteInsert, sqliteInsertRows, sqliteOnConflict, sqliteQuote } from './sqliteInsert';

/**
 * A load into one of SQLite's clustered tables (WITHOUT ROWID, kept in key order: migration
 * 20261126000100) goes through a stage, or null for any other table.
 *
 * A file arrives a day at a time (the whole market of each day) and the table is kept by (ts_code,
 * trade_date): written as it comes, each row lands on another page of the table, and once the table outgrows
 * the page cache every row costs a page read and a page write. The batches are appended to a temporary table
 * instead, and at the end of the file one INSERT … SELECT … ORDER BY the key moves them in: SQLite sorts them
 * in bounded memory (spilling to temporary files) and writes each page of the table once. Into a table that
 * was empty when the load began (a first load), the secondary indexes are dropped and made again after the
 * rows: one sort each instead of an insert per row. All of it is inside the file's transaction.
 *
 * The stage keeps the table's NOT NULL and CHECK constraints, so a refused row is refused as its batch is
 * written, at its line, as without a stage.
 */
export async function sqliteStagedWriter(trx: Knex.Transaction, spec: UpsertSpec): Promise<TableWriter | null> {
  const definition = await tableDefinition(trx, spec.table);
  if (!definition || !CLUSTERED.test(definition)) return null;
  const stage = `stage_${spec.table}`;
  await trx.raw(`drop table if exists temp.${sqliteQuote(stage)}`);
  await trx.raw(stageDefinition(definition, stage));
  const emptyAtStart = (await trx(spec.table).first(trx.raw('1'))) === undefined;
  let columns: string[] | null = null;
  return {
    async write(rows: Row[]) {
      if (rows.length === 0) return;
      columns ??= Object.keys(rows[0]!);
      await sqliteInsertRows(trx, columns, rows, (rowCount) => sqliteInsert(stage, columns!, rowCount));
    },
    async finish() {
      if (columns) await withPageCache(trx, MOVE_IN_CACHE_KIB, () => moveIn(trx, spec, stage, columns!, emptyAtStart));
      await trx.raw(`drop table temp.${sqliteQuote(stage)}`);
    },
  };
}

/**
 * The page cache while the rows move in, in KiB. SQLite's sorter keeps as much as the page cache in memory
 * before it spills, and the import's larger cache (ingest/bundle.ts) is not needed by rows written in order.
 */
const MOVE_IN_CACHE_KIB = 16_384;

const CLUSTERED = /\bwithout\s+rowid\s*$/i;

async function tableDefinition(trx: Knex.Transaction, table: string): Promise<string | undefined> {
  const row: { sql: string } | undefined = await trx('sqlite_master')
    .where({ type: 'table', name: table })
    .first('sql');
  return row?.sql;
}

/** The table's own definition as a temporary rowid table without its primary key: rows appended as they come. */
function stageDefinition(definition: string, stage: string): string {
  return definition
    .replace(/^create table\s+(?:"[^"]+"|`[^`]+`|\w+)/i, `create temp table ${sqliteQuote(stage)}`)
    .replace(/,\s*primary key\s*\([^)]*\)/i, '')
    .replace(CLUSTERED, '');
}

/** The staged rows into the table in key order (the later of two with one key last, as batch by batch). */
async function moveIn(
  trx: Knex.Transaction,
  spec: UpsertSpec,
  stage: string,
  columns: string[],
  emptyAtStart: boolean,
): Promise<void> {
  const indexes: Array<{ name: string; sql: string }> = emptyAtStart
    ? await trx('sqlite_master')
        .where({ type: 'index', tbl_name: spec.table })
        .whereNotNull('sql')
        .select('name', 'sql')
    : [];
  for (const index of indexes) await trx.raw(`drop index ${sqliteQuote(index.name)}`);
  const list = columns.map(sqliteQuote).join(',');
  const key = spec.key.map(sqliteQuote).join(',');
  // `where true`: without it SQLite would read ON CONFLICT as the join's constraint (its documented ambiguity).
  await trx.raw(
    `insert into ${sqliteQuote(spec.table)} (${list}) select ${list} from temp.${sqliteQuote(stage)} where true order by ${key}, rowid
     ${sqliteOnConflict(spec.key, updatedColumns(spec, columns))}`,
  );
  for (const index of indexes) await trx.raw(index.sql);
}
