/**
 * The result store of one API key, in a process of its own: an in-memory SQLite database (better-sqlite3)
 * whose tables hold rows an agent asked to keep (`store_as`) and which `query_results` reads. In its own
 * process so that a query that runs too long is stopped by killing it, and the key's tables go with it:
 * better-sqlite3 cannot interrupt a statement, and a worker thread cannot be ended while SQLite computes
 * (terminate waits for native code to return: an endless recursive query held a thread for minutes).
 */
import Database from 'better-sqlite3';
import type { StoreReply, StoreRequest } from './resultStore.protocol';

const db = new Database(':memory:');
const created = new Map<string, number>();

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SELECT or WITH first (comments and blanks before it skipped): no PRAGMA, ATTACH or write, whatever SQLite would allow. */
const READ_ONLY_START = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(select|with)\b/i;

function store({ table, columns, rows, maxTables }: Extract<StoreRequest, { op: 'store' }>): StoreReply {
  if (!created.has(table) && created.size >= maxTables) {
    const oldest = [...created].sort((a, b) => a[1] - b[1])[0]![0];
    db.exec(`drop table ${quoted(oldest)}`);
    created.delete(oldest);
  }
  db.transaction(() => {
    db.exec(`drop table if exists ${quoted(table)}`);
    db.exec(`create table ${quoted(table)} (${columns.map(quoted).join(', ')})`);
    const insert = db.prepare(`insert into ${quoted(table)} values (${columns.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(row.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
  })();
  created.set(table, Date.now());
  return { ok: true, tables: [...created.keys()] };
}

function query({ sql, maxRows }: Extract<StoreRequest, { op: 'query' }>): StoreReply {
  if (!READ_ONLY_START.test(sql)) return { ok: false, message: 'only a SELECT (or WITH … SELECT) is allowed: no PRAGMA, ATTACH, or write' };
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

function drop({ olderThan }: Extract<StoreRequest, { op: 'expire' }>): StoreReply {
  for (const [table, at] of created) {
    if (at < olderThan) {
      db.exec(`drop table ${quoted(table)}`);
      created.delete(table);
    }
  }
  return { ok: true, tables: [...created.keys()] };
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
// The server went away (or stopped this store): nothing is kept.
process.on('disconnect', () => process.exit(0));
