import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import type { Logger } from 'pino';
import { mysqlClient } from './mysqlClient';
import { recoveringSqliteClient, sqliteClient } from './recoveringSqlite';

export type Db = Knex | Knex.Transaction;

export interface ConnectOptions {
  /**
   * The server's bound on every statement and on waiting for a connection (ms). Unset for the CLI, whose
   * bulk statements of an import may rightly run for minutes.
   */
  queryTimeoutMs?: number;
  /** Knex's own warnings (e.g. a failed connection attempt) as JSON log lines; else Knex prints plain text. */
  logger?: Logger;
}

function knexLog(logger: Logger | undefined): Knex.Config['log'] {
  if (!logger) return undefined;
  return {
    warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database client warning'),
    error: (message: unknown) => logger.error({ knex: String(message) }, 'database client error'),
    deprecate: (method: string, alternative: string) =>
      logger.warn({ method, alternative }, 'database client deprecation'),
    debug: () => {},
  };
}

/** `sqlite://path` (better-sqlite3) or `mysql://user:pass@host:port/db` (mysql2) → a Knex instance. */
export function connect(databaseUrl: string, options: ConnectOptions = {}): Knex {
  return databaseUrl.startsWith('sqlite://') ? connectSqlite(databaseUrl, options) : connectMysql(databaseUrl, options);
}

/** How long the CLI's loads wait for another process's writer (a server's own update, usage, audit) to finish. */
const CLI_BUSY_TIMEOUT_MS = 120_000;

/**
 * The server's pool (with `queryTimeoutMs`) recovers from a damaged file (`recoveringSqlite.ts`) and waits at
 * most that long (5 s at most) for a lock or for the file to open; the CLI's waits CLI_BUSY_TIMEOUT_MS for the
 * write lock, so that a load beside a busy server waits its turn instead of failing.
 */
function connectSqlite(databaseUrl: string, { queryTimeoutMs, logger }: ConnectOptions): Knex {
  const filename = databaseUrl.slice('sqlite://'.length);
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const busyTimeoutMs = queryTimeoutMs === undefined ? CLI_BUSY_TIMEOUT_MS : Math.min(queryTimeoutMs, 5000);
  return knex({
    client: queryTimeoutMs === undefined ? sqliteClient() : recoveringSqliteClient(),
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(source: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma(`busy_timeout = ${busyTimeoutMs}`);
        // 64 MiB of pages instead of SQLite's 2 MiB: a whole market's statements of one period lie one row per
        // page across the table, and each page read past the cache is a system call (bench/results/financials-*).
        conn.pragma('cache_size = -65536');
        done(null, conn);
      },
    },
    acquireConnectionTimeout: queryTimeoutMs ?? 60_000,
    log: knexLog(logger),
  });
}

function connectMysql(databaseUrl: string, { queryTimeoutMs, logger }: ConnectOptions): Knex {
  const url = new URL(databaseUrl);
  return knex({
    client: mysqlClient(queryTimeoutMs),
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1) || undefined,
      charset: 'utf8mb4',
      dateStrings: true,
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      // Each connection's prepared statements (mysqlClient.ts), least recently used closed first: a statement
      // differs by its IN list's length, and the server holds at most 16,382 for all its clients
      // (max_prepared_stmt_count): 10 connections × 100 a process leaves room for a dozen processes.
      maxPreparedStatements: 100,
      connectTimeout: queryTimeoutMs ?? 5000,
    },
    pool: {
      min: 0,
      max: 10,
      // MariaDB also stops a runaway statement on its side (whole seconds; MySQL has no such variable and
      // refuses it, which is ignored: the client bound above still holds).
      afterCreate(conn: { query(sql: string, done: () => void): void }, done: (err: null, conn: unknown) => void) {
        if (queryTimeoutMs === undefined) return done(null, conn);
        conn.query(`SET SESSION max_statement_time = ${Math.ceil(queryTimeoutMs / 1000)}`, () => done(null, conn));
      },
    },
    acquireConnectionTimeout: queryTimeoutMs ?? 5000,
    log: knexLog(logger),
  });
}
