import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { isSqlite } from './dialect';
import { updatedColumns, type Row, type TableWriter, type UpsertSpec } from './upsertSpec';
import { sqliteInsert, sqliteInsertRows, sqliteOnConflict } from './sqliteInsert';
import { sqliteStagedWriter } from './sqliteStagedLoad';

/**
 * Bulk writes of the loaders, one strategy per engine (what differs by engine lives in src/db): SQLite's
 * prepared multi-row upserts, MySQL/MariaDB's LOAD DATA LOCAL with a staged merge, or literal multi-row
 * INSERTs where the server refuses LOAD DATA.
 */

const MAX_BINDINGS = 30_000;
/** Rows per staged batch on MySQL: big enough that a batch costs two statements, small enough to stay in RSS. */
const STAGED_BATCH_ROWS = 20_000;

/** How many rows of `columnCount` columns one call of `upsertRows` should get. */
export async function batchRows(trx: Knex.Transaction, columnCount: number): Promise<number> {
  if (!isSqlite(trx) && (await localInfileEnabled(trx))) return STAGED_BATCH_ROWS;
  return Math.max(1, Math.min(1000, Math.floor(MAX_BINDINGS / columnCount)));
}

/**
 * Writes one batch of validated, converted rows. SQLite: one multi-row INSERT … ON CONFLICT. MySQL/MariaDB:
 * the rows are streamed as tab-separated text into `LOAD DATA LOCAL INFILE` (see stagedUpsert), all inside the
 * caller's transaction (temporary tables cause no implicit commit). That is two to three times as fast as
 * multi-row INSERTs, which stay the path when the server has `local_infile` off.
 */
export async function upsertRows(trx: Knex.Transaction, spec: UpsertSpec, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const updated = updatedColumns(spec, columns);
  if (isSqlite(trx)) return sqliteUpsert(trx, spec, columns, updated, rows);
  if (await localInfileEnabled(trx)) return stagedUpsert(trx, spec, columns, updated, rows);
  return mysqlInsert(trx, spec, columns, updated, rows);
}

/**
 * The writer of one load into `spec.table`: batch by batch into the table, or on SQLite's clustered tables
 * through a stage moved in in key order at the end (sqliteStagedLoad.ts).
 */
export async function tableWriter(trx: Knex.Transaction, spec: UpsertSpec): Promise<TableWriter> {
  if (isSqlite(trx)) {
    const staged = await sqliteStagedWriter(trx, spec);
    if (staged) return staged;
  }
  return { write: (rows) => upsertRows(trx, spec, rows), finish: async () => {} };
}

/**
 * Multi-row INSERT … ON CONFLICT statements prepared once per connection and shape and run on the
 * transaction's own better-sqlite3 connection: through Knex each batch re-parsed a 1,000-row statement and
 * formatted its 12,000 bindings, a fifth of a daily import's CPU.
 */
function sqliteUpsert(
  trx: Knex.Transaction,
  spec: UpsertSpec,
  columns: string[],
  updated: string[],
  rows: Row[],
): Promise<void> {
  return sqliteInsertRows(
    trx,
    columns,
    rows,
    (rowCount) => `${sqliteInsert(spec.table, columns, rowCount)} ${sqliteOnConflict(spec.key, updated)}`,
  );
}

const quote = (name: string) => `\`${name}\``;

function mergeClause(updated: string[]): string {
  return updated.length === 0
    ? ''
    : ` on duplicate key update ${updated.map((c) => `${quote(c)} = values(${quote(c)})`).join(', ')}`;
}

/**
 * First `LOAD DATA … IGNORE` straight into the table: when every row is new (a day's import, a first load) that
 * is the whole write. Otherwise the batch goes through a staging table and is merged, which also updates the
 * rows just inserted to the same values. A row IGNORE skipped for any other reason also takes that path, whose
 * load (no duplicates, so its warnings are all data warnings) then refuses it.
 */
async function stagedUpsert(
  trx: Knex.Transaction,
  spec: UpsertSpec,
  columns: string[],
  updated: string[],
  rows: Row[],
): Promise<void> {
  const list = columns.map(quote).join(',');
  const inserted = await loadData(trx, quote(spec.table), columns, rows, true);
  if (inserted === rows.length) return;
  const stage = quote(`stage_${spec.table}`);
  await trx.raw(`drop temporary table if exists ${stage}`);
  // Only the batch's columns and the primary key: a secondary index would slow the load, the key sorts the merge.
  await trx.raw(
    `create temporary table ${stage} (primary key (${spec.key.map(quote).join(',')})) select ${list} from ${quote(spec.table)} limit 0`,
  );
  await loadData(trx, stage, columns, rows, false);
  await trx.raw(
    `insert ${updated.length === 0 ? 'ignore ' : ''}into ${quote(spec.table)} (${list}) select ${list} from ${stage}${mergeClause(updated)}`,
  );
  await trx.raw(`drop temporary table ${stage}`);
}

const DUPLICATE_KEY = 1062;

/** LOAD DATA LOCAL of `rows` into `table`; returns the rows inserted. Rows whose key exists count as not inserted. */
async function loadData(
  trx: Knex.Transaction,
  table: string,
  columns: string[],
  rows: Row[],
  ignore: boolean,
): Promise<number> {
  const [loaded] = (await trx
    .raw(
      `load data local infile 'rows' ${ignore ? 'ignore ' : ''}into table ${table} character set utf8mb4
       fields terminated by '\\t' escaped by '\\\\' lines terminated by '\\n' (${columns.map(quote).join(',')})`,
    )
    .options({ infileStreamFactory: () => Readable.from(tsvChunks(columns, rows)) })) as [
    { affectedRows: number; warningStatus: number },
  ];
  // LOCAL makes the server turn refused values into warnings (it cannot stop the client mid-file): refuse them here.
  if (loaded.warningStatus > 0) {
    const [warnings] = (await trx.raw('show warnings')) as [{ Level: string; Code: number; Message: string }[]];
    const refused = warnings.find((warning) => warning.Level !== 'Note' && warning.Code !== DUPLICATE_KEY);
    if (refused) throw new Error(refused.Message);
  }
  return loaded.affectedRows;
}

/** Rows as LOAD DATA's default text format: tab-separated, `\N` for NULL, backslash escapes. */
function* tsvChunks(columns: string[], rows: Row[]): Generator<Buffer> {
  let chunk = '';
  for (const row of rows) {
    for (let c = 0; c < columns.length; c++) chunk += (c === 0 ? '' : '\t') + tsvField(row[columns[c]!]);
    chunk += '\n';
    if (chunk.length >= 1 << 16) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk.length > 0) yield Buffer.from(chunk);
}

const TSV_SPECIAL = /[\\\t\n\r\0]/g;
const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

function tsvField(value: Row[string] | undefined): string {
  if (value === undefined || value === null) return '\\N';
  if (typeof value === 'number') return finite(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return value.replace(TSV_SPECIAL, (special) => TSV_ESCAPES[special]!);
}

/**
 * Without local_infile: one multi-row INSERT with literal values (numbers as text, strings escaped by mysql2),
 * so neither Knex nor mysql2 scans thousands of placeholders per batch; `?` inside strings is escaped for
 * Knex's raw parser.
 */
async function mysqlInsert(
  trx: Knex.Transaction,
  spec: UpsertSpec,
  columns: string[],
  updated: string[],
  rows: Row[],
): Promise<void> {
  // Imported here, not at the top: a server on SQLite never loads the MySQL driver.
  const { escape } = await import('mysql2');
  let sql = `insert ${updated.length === 0 ? 'ignore ' : ''}into ${quote(spec.table)} (${columns.map(quote).join(',')}) values `;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    sql += r === 0 ? '(' : ',(';
    for (let c = 0; c < columns.length; c++) sql += (c === 0 ? '' : ',') + literal(row[columns[c]!], escape);
    sql += ')';
  }
  await trx.raw(sql + mergeClause(updated));
}

const localInfile = new WeakMap<object, Promise<boolean>>();

/** Whether the server accepts LOAD DATA LOCAL (asked once per connection pool). */
function localInfileEnabled(trx: Knex.Transaction): Promise<boolean> {
  const pool = trx.client.config as object;
  let enabled = localInfile.get(pool);
  if (!enabled) {
    enabled = trx
      .raw('select @@local_infile as enabled')
      .then(([rows]: [{ enabled: number }[]]) => Number(rows[0]!.enabled) === 1);
    localInfile.set(pool, enabled);
  }
  return enabled;
}

function finite(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`number out of range: ${value}`);
  return String(value);
}

function literal(value: Row[string] | undefined, escape: (text: string) => string): string {
  if (value === undefined || value === null) return 'NULL';
  if (typeof value === 'number') return finite(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  return escape(value).replaceAll('?', '\\?');
}
