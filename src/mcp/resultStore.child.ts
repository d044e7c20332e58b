/**
 * The result-store process of one API key: it opens the key's SQLite file (better-sqlite3, the path its only
 * argument), whose tables hold rows an agent asked to keep (`store_as`) and which `query_results` reads. In a
 * process of its own so that a query that runs too long is stopped by killing it: better-sqlite3 cannot
 * interrupt a statement, and a worker thread cannot be ended while SQLite computes (terminate waits for native
 * code to return). The tables are in the file, not in this process: a killed query takes none with it, and the
 * next process opens the same file.
 */
import Database from 'better-sqlite3';
import type { StoreReply, StoreRequest } from './resultStore.protocol';

const db = new Database(process.argv[2]!);

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SELECT or WITH first (comments and blanks before it skipped): no PRAGMA, ATTACH or write, whatever SQLite would allow. */
const READ_ONLY_START = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(select|with)\b/i;

function store({ table, columns, rows }: Extract<StoreRequest, { op: 'store' }>): StoreReply {
  db.transaction(() => {
    db.exec(`drop table if exists ${quoted(table)}`);
    db.exec(`create table ${quoted(table)} (${columns.map(quoted).join(', ')})`);
    const insert = db.prepare(`insert into ${quoted(table)} values (${columns.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(row.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
  })();
  return { ok: true };
}

function query({ sql, maxRows }: Extract<StoreRequest, { op: 'query' }>): StoreReply {
  if (!READ_ONLY_START.test(sql))
    return { ok: false, message: 'only a SELECT (or WITH … SELECT) is allowed: no PRAGMA, ATTACH, or write' };
  const statement = db.prepare(sql);
  if (!statement.reader || !statement.readonly) return { ok: false, message: 'only a read-only SELECT is allowed' };
  db.pragma('query_only = ON');
  try {
    const columns = statement.columns().map((column) => column.name);
    const rows: unknown[][] = [];
    for (const row of statement.raw().iterate() as IterableIterator<unknown[]>) {
      if (rows.length === maxRows) return { ok: true, columns, rows, truncated: true };
      rows.push(row);
    }
    return { ok: true, columns, rows, truncated: false };
  } finally {
    db.pragma('query_only = OFF');
  }
}

function drop({ tables }: Extract<StoreRequest, { op: 'drop' }>): StoreReply {
  for (const table of tables) db.exec(`drop table if exists ${quoted(table)}`);
  return { ok: true };
}

process.on('message', ({ id, request }: { id: number; request: StoreRequest }) => {
  let reply: StoreReply;
  try {
    reply = request.op === 'store' ? store(request) : request.op === 'query' ? query(request) : drop(request);
  } catch (err) {
    reply = { ok: false, message: (err as Error).message };
  }
  process.send!({ id, reply });
});
// The server went away (or stopped this process): the file stays with the server, which removes it.
process.on('disconnect', () => process.exit(0));
