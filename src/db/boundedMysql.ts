import { createRequire } from 'node:module';
import type { Knex } from 'knex';

// Knex takes a client class in place of a dialect name; this one is its mysql2 client with a time bound.
const require = createRequire(import.meta.url);
const Client_MySQL2 = require('knex/lib/dialects/mysql2/index.js') as new (config: Knex.Config) => Knex.Client;

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
}

/**
 * Every statement on a connection bounded in time, client side. A database that froze (a partition, a stopped
 * process) answers nothing, so no server-side limit can fire: the client gives up after `queryTimeoutMs`, and
 * destroys the connection, because mysql2 would queue the next statement behind the unanswered one; Knex's
 * pool then discards it (its validation sees the closed stream) and opens a fresh one when the database is
 * back. `.timeout(…, { cancel: true })` would need a second connection to send KILL QUERY, which a frozen
 * server does not give either.
 */
export function boundedMysqlClient(queryTimeoutMs: number): typeof Knex.Client {
  const Base = Client_MySQL2 as unknown as new (config: Knex.Config) => { _query(connection: RawConnection, obj: unknown): Promise<unknown> };
  class BoundedMysql2 extends Base {
    override _query(connection: RawConnection, obj: unknown): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          connection.destroy();
          reject(new QueryTimeoutError(queryTimeoutMs));
        }, queryTimeoutMs);
        super._query(connection, obj).then(
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
  }
  return BoundedMysql2 as unknown as typeof Knex.Client;
}
