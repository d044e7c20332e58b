/**
 * A Knex instance of a real dialect (its query builder, its quoting, its placeholders) whose driver never
 * runs: every statement is recorded with its bindings and answered with the next canned result (or an empty
 * one). `make sql` runs the repositories' own functions on it, so a snapshot is what the code would send,
 * without a database server on the machine.
 */
import { createRequire } from 'node:module';
import knex, { type Knex } from 'knex';

export type Dialect = 'sqlite' | 'mysql';

export interface RecordedStatement {
  sql: string;
  bindings: readonly unknown[];
}

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  method?: string;
  response?: unknown;
}

type ClientClass = new (config: Knex.Config) => object;
const require = createRequire(import.meta.url);
const dialectClients: Record<Dialect, ClientClass> = {
  sqlite: require('knex/lib/dialects/better-sqlite3/index.js') as ClientClass,
  mysql: require('knex/lib/dialects/mysql2/index.js') as ClientClass,
};

/** What a statement answers when no canned result is queued: nothing found, nothing changed. */
function emptyResult(method: string | undefined, dialect: Dialect): unknown {
  if (method === 'first') return undefined;
  if (method === 'raw') return dialect === 'mysql' ? [[], []] : [];
  if (method === 'update' || method === 'del' || method === 'counter') return 0;
  return [];
}

export interface RecordingDb {
  db: Knex;
  statements: RecordedStatement[];
  /** Results answered in order by the next statements (rows for a select, a row for first, a count for an update). */
  answer(...results: unknown[]): void;
}

export function recordingDb(dialect: Dialect): RecordingDb {
  const statements: RecordedStatement[] = [];
  const queued: unknown[] = [];
  // Methods of a subclass, not patched fields: a transaction's client is made from the client's prototype.
  class RecordingClient extends (dialectClients[dialect] as new (config: Knex.Config) => Record<string, unknown>) {
    async acquireConnection() {
      return {};
    }
    async releaseConnection() {}
    async _query(_connection: unknown, query: QueryObject) {
      statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
      query.response = queued.length > 0 ? queued.shift() : emptyResult(query.method, dialect);
      return query;
    }
    processResponse(query: QueryObject) {
      return query.response;
    }
  }
  const db = knex({
    client: RecordingClient as unknown as typeof Knex.Client,
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
  });
  return { db, statements, answer: (...results) => queued.push(...results) };
}
