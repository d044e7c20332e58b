import { createRequire } from 'node:module';
import type { Knex } from 'knex';

// Knex takes a client class in place of a dialect name; this one is its better-sqlite3 client that recovers.
const require = createRequire(import.meta.url);
const Client_BetterSQLite3 = require('knex/lib/dialects/better-sqlite3/index.js') as new (
  config: Knex.Config,
) => Knex.Client;
const Transaction_Sqlite = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as new (
  ...args: unknown[]
) => { query(connection: unknown, sql: string): Promise<unknown> };

/**
 * Every transaction of ours writes, and takes the store's write lock at its start (`BEGIN IMMEDIATE`, waiting
 * out busy_timeout for another process's writer). Knex begins deferred: a transaction that read first took the
 * write lock at its first write, and when another process had committed in between (a server recording usage
 * beside an `ashare import`), SQLite refused it at once (SQLITE_BUSY_SNAPSHOT: no wait helps a snapshot that is
 * stale), failing the load.
 */
class ImmediateTransaction extends Transaction_Sqlite {
  begin(connection: unknown): Promise<unknown> {
    return this.query(connection, 'BEGIN IMMEDIATE;');
  }
}

interface RawConnection {
  readonly open: boolean;
  close(): void;
  prepare(sql: string): { raw(toggle: boolean): { all(bindings: unknown[]): unknown[] } };
}

/** What Knex hands `_query`: the statement, its bindings, the builder's `.options()`, and where the rows go. */
interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: { rowsAsArray?: boolean };
  response?: unknown;
}

/**
 * Errors that say the file under the connection is damaged or gone (a copy written over it in place, a disk
 * error), not that the statement was wrong: SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR, SQLITE_CANTOPEN and
 * their extended codes (SQLITE_IOERR_SHORT_READ, …).
 */
const STORE_FAULT = /^SQLITE_(CORRUPT|NOTADB|IOERR|CANTOPEN)/;

export const isSqliteStoreFault = (code: string | undefined): boolean => code !== undefined && STORE_FAULT.test(code);

/**
 * The better-sqlite3 client, recovering from a damaged file without a restart. Measured: with the file
 * overwritten in place by zeros and then restored, the open connection kept failing after the restore (its
 * schema and pages were read while damaged), so every request answered 500 until the process restarted.
 * Here a store fault closes the connection; the pool's validation then discards it and the next request
 * opens the file afresh: failing (503) while it is damaged or unreadable, serving once it is whole again.
 */
export function recoveringSqliteClient(): typeof Knex.Client {
  class RecoveringBetterSqlite3 extends sqliteClass() {
    override async _query(connection: RawConnection, obj: QueryObject): Promise<unknown> {
      try {
        return await super._query(connection, obj);
      } catch (err) {
        if (isSqliteStoreFault((err as { code?: string }).code)) connection.close();
        throw err;
      }
    }

    override validateConnection(connection: RawConnection): boolean {
      return connection.open;
    }
  }
  return RecoveringBetterSqlite3 as unknown as typeof Knex.Client;
}

/** The better-sqlite3 client of the CLI (no recovery: a damaged file ends its run), with array rows. */
export const sqliteClient = (): typeof Knex.Client => sqliteClass() as unknown as typeof Knex.Client;

/**
 * Knex's better-sqlite3 client reading a select built with `.options({ rowsAsArray: true })` (arrayRows.ts) in
 * better-sqlite3's raw mode: each row an array of its columns' values, as mysql2 reads that option.
 */
function sqliteClass() {
  const Base = Client_BetterSQLite3 as unknown as new (config: Knex.Config) => {
    _query(connection: RawConnection, obj: QueryObject): Promise<unknown>;
    _formatBindings(bindings: unknown[] | undefined): unknown[];
    validateConnection(connection: RawConnection): boolean;
  };
  return class ArrayRowsBetterSqlite3 extends Base {
    override async _query(connection: RawConnection, obj: QueryObject): Promise<unknown> {
      if (obj.options?.rowsAsArray !== true) return super._query(connection, obj);
      obj.response = connection.prepare(obj.sql).raw(true).all(this._formatBindings(obj.bindings));
      return obj;
    }

    transaction(...args: unknown[]): unknown {
      return new ImmediateTransaction(this, ...args);
    }
  };
}
