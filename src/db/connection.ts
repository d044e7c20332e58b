import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';

export type Db = Knex | Knex.Transaction;

/** `sqlite://path` (better-sqlite3) or `mysql://user:pass@host:port/db` (mysql2) → a Knex instance. */
export function connect(databaseUrl: string): Knex {
  return databaseUrl.startsWith('sqlite://') ? connectSqlite(databaseUrl) : connectMysql(databaseUrl);
}

export function isSqlite(db: Db): boolean {
  return db.client.config.client === 'better-sqlite3';
}

function connectSqlite(databaseUrl: string): Knex {
  const filename = databaseUrl.slice('sqlite://'.length);
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  return knex({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(source: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('synchronous = NORMAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        done(null, conn);
      },
    },
  });
}

function connectMysql(databaseUrl: string): Knex {
  const url = new URL(databaseUrl);
  return knex({
    client: 'mysql2',
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
      connectTimeout: 5000,
    },
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 5000,
  });
}
