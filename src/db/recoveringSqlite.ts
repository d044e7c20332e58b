import { createRequire } from 'node:module';
import type { Knex } from 'knex';

// Knex takes a client class in place of a dialect name; this one is its better-sqlite3 client that recovers.
const require = createRequire(import.meta.url);
const Client_BetterSQLite3 = require('knex/lib/dialects/better-sqlite3/index.js') as new (config: Knex.Config) => Knex.Client;

interface RawConnection {
  readonly open: boolean;
  close(): void;
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
  const Base = Client_BetterSQLite3 as unknown as new (config: Knex.Config) => {
    _query(connection: RawConnection, obj: unknown): Promise<unknown>;
    validateConnection(connection: RawConnection): boolean;
  };
  class RecoveringBetterSqlite3 extends Base {
    override async _query(connection: RawConnection, obj: unknown): Promise<unknown> {
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
