import { createRequire } from 'node:module';
import type { Knex } from 'knex';

const require = createRequire(import.meta.url);

/** A query that outlived the bound; `ETIMEDOUT` puts it with the other database-down errors (503). */
export class QueryTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`database query exceeded ${ms} ms`);
    this.name = 'QueryTimeoutError';
  }
}

interface RawConnection {
  destroy(): void;
  execute(options: object, bindings: unknown, done: (err: Error | null, rows: unknown, fields: unknown) => void): void;
}

interface CompiledQuery {
  sql: string;
  bindings?: unknown[];
  options?: { rowsAsArray?: boolean; [PREPARED]?: boolean };
  response?: unknown;
}

/** The option a query is marked with to be sent as a prepared statement (sentAsBytes). */
const PREPARED = 'preparedStatement';

/**
 * A write whose blobs are sent as their bytes: on MariaDB as a prepared statement (the binary protocol), on SQLite
 * as it is (better-sqlite3 binds a Buffer as a blob).
 */
export const sentAsBytes = <Q extends Knex.QueryBuilder>(query: Q): Q => query.options({ [PREPARED]: true }) as Q;

/** The binary protocol numbers a statement's parameters in two bytes; a longer list is sent as text. */
const MAX_STATEMENT_PARAMETERS = 65_535;

type Base = new (config: Knex.Config) => { _query(connection: RawConnection, obj: CompiledQuery): Promise<unknown> };

/**
 * Knex's mysql2 client with two changes:
 * - A select read as arrays (arrayRows.ts) runs as a prepared statement: MariaDB's binary protocol sends a
 *   double as its 8 bytes, where the text protocol sends digits mysql2 parses back with parseFloat; for a whole
 *   market's day or every company's statements that parsing was most of reading them (bench/results/cross-section-*).
 *   mysql2 keeps each connection's statements (`maxPreparedStatements` in connection.ts bounds them).
 * - A write of blobs (`sentAsBytes`) runs as a prepared statement too: its blobs travel as their bytes, where
 *   the text protocol writes each as hexadecimal digits into the statement's text, twice its size, for the
 *   server to parse back (a stored period of 5,000 companies is 2 to 10 MB).
 * - With `queryTimeoutMs` (the server's), every statement is bounded in time, client side. A database that
 *   froze (a partition, a stopped process) answers nothing, so no server-side limit can fire: the client gives
 *   up after `queryTimeoutMs`, and destroys the connection, because mysql2 would queue the next statement
 *   behind the unanswered one; Knex's pool then discards it (its validation sees the closed stream) and opens a
 *   fresh one when the database is back. `.timeout(…, { cancel: true })` would need a second connection to send
 *   KILL QUERY, which a frozen server does not give either.
 */
export function mysqlClient(queryTimeoutMs?: number): typeof Knex.Client {
  // Knex takes a client class in place of a dialect name: its own mysql2 client, extended here. Required when
  // a pool is made, not at the top: a server on SQLite never loads the MySQL dialect.
  const Client_MySQL2 = require('knex/lib/dialects/mysql2/index.js') as new (config: Knex.Config) => Knex.Client;
  class Mysql2 extends (Client_MySQL2 as unknown as Base) {
    override _query(connection: RawConnection, obj: CompiledQuery): Promise<unknown> {
      const query =
        (obj.options?.rowsAsArray || obj.options?.[PREPARED]) && (obj.bindings?.length ?? 0) <= MAX_STATEMENT_PARAMETERS
          ? prepared(connection, obj)
          : super._query(connection, obj);
      return queryTimeoutMs === undefined ? query : bounded(query, connection, queryTimeoutMs);
    }
  }
  return Mysql2 as unknown as typeof Knex.Client;
}

function prepared(connection: RawConnection, obj: CompiledQuery): Promise<CompiledQuery> {
  return new Promise((resolve, reject) => {
    connection.execute({ ...obj.options, sql: obj.sql }, obj.bindings ?? [], (err, rows, fields) => {
      if (err) return reject(err);
      obj.response = [rows, fields];
      resolve(obj);
    });
  });
}

function bounded<T>(query: Promise<T>, connection: RawConnection, queryTimeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new QueryTimeoutError(queryTimeoutMs));
    }, queryTimeoutMs);
    query.then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
