import { isSqliteStoreFault } from './recoveringSqlite';

/**
 * The one place that reads the database drivers' errors (mysql2, better-sqlite3, Knex's pool), as Supabase's
 * storage-api does in storage/database/errors.ts: everything above src/db asks these questions and knows no
 * driver code or message.
 */
interface DriverError {
  code?: string;
  errno?: number;
  name?: string;
  message?: string;
}

/**
 * The server's own statement limit (`max_statement_time`, set per connection for DB_QUERY_TIMEOUT_MS): MariaDB's
 * 1969 and MySQL's 3024 (`max_execution_time`). mysql2 names neither (MariaDB's errno has no code there), so a
 * timed-out statement answered 500 until it was read by number.
 */
const STATEMENT_TIMEOUT_ERRNOS = new Set([1969, 3024]);

/** Unreachable, refused, timed out, busy beyond its wait, or a damaged SQLite file: the store cannot answer now (503). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'ER_STATEMENT_TIMEOUT',
  'SQLITE_BUSY',
]);

/** A statement or connection failure that means the database is down or overloaded, not that the request is wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = (err ?? {}) as DriverError;
  return (
    (e.code !== undefined && UNAVAILABLE_CODES.has(e.code)) ||
    (e.errno !== undefined && STATEMENT_TIMEOUT_ERRNOS.has(e.errno)) ||
    isSqliteStoreFault(e.code) ||
    e.name === 'KnexTimeoutError' ||
    /Unable to acquire a connection|aborted|pool is destroyed/i.test(e.message ?? '')
  );
}

/** An insert that broke a unique key (a second account with the same email, say). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
