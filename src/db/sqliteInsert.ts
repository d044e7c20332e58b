import type { Knex } from 'knex';
import type { Row } from './upsertSpec';

/** SQLite's bulk INSERTs: prepared once per connection and shape, run on the transaction's own connection. */

/** Rows per multi-row INSERT on SQLite: past about 64 rows a longer statement saves nothing measurable. */
const SQLITE_ROWS_PER_STATEMENT = 64;
/** better-sqlite3's SQLite allows 32,766 bindings per statement. */
const SQLITE_MAX_BINDINGS = 32_766;

interface SqliteStatement {
  run(bindings: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

const sqliteStatements = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

/** `rows` through prepared INSERTs of `statementFor(rowCount)` rows each, on the transaction's own connection. */
export async function sqliteInsertRows(
  trx: Knex.Transaction,
  columns: string[],
  rows: Row[],
  statementFor: (rowCount: number) => string,
): Promise<void> {
  const connection = (await trx.client.acquireConnection()) as SqliteConnection;
  let cached = sqliteStatements.get(connection);
  if (!cached) sqliteStatements.set(connection, (cached = new Map()));
  const statement = (rowCount: number) => {
    const sql = statementFor(rowCount);
    let prepared = cached.get(sql);
    if (!prepared) cached.set(sql, (prepared = connection.prepare(sql)));
    return prepared;
  };
  const perStatement = Math.max(
    1,
    Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_BINDINGS / columns.length)),
  );
  const many = rows.length >= perStatement ? statement(perStatement) : undefined;
  const full = rows.length - (rows.length % perStatement);
  const one = full < rows.length ? statement(1) : undefined;
  const bindings: unknown[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    for (let c = 0; c < columns.length; c++) bindings.push(toBinding(row[columns[c]!]));
    if (r >= full) one!.run(bindings);
    else if ((r + 1) % perStatement === 0) many!.run(bindings);
    else continue;
    bindings.length = 0;
  }
}

export const sqliteQuote = (name: string) => `"${name}"`;

/** `insert into <table> (<columns>) values (?, …), …` for `rowCount` rows. */
export function sqliteInsert(table: string, columns: string[], rowCount: number): string {
  const tuple = `(${columns.map(() => '?').join(',')})`;
  return `insert into ${sqliteQuote(table)} (${columns.map(sqliteQuote).join(',')}) values ${Array(rowCount).fill(tuple).join(',')}`;
}

/** The ON CONFLICT clause of an upsert on `key`: an existing row takes the updated columns, or nothing. */
export function sqliteOnConflict(key: readonly string[], updated: string[]): string {
  const action =
    updated.length === 0
      ? 'nothing'
      : `update set ${updated.map((c) => `${sqliteQuote(c)} = excluded.${sqliteQuote(c)}`).join(', ')}`;
  return `on conflict (${key.map(sqliteQuote).join(',')}) do ${action}`;
}

function toBinding(value: Row[string] | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
