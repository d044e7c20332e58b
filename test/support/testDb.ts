import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { connect } from '../../src/db/connection';
import { migrateLatest } from '../../src/db/migrate';

export interface TestDb {
  db: Knex;
  url: string;
  drop(): Promise<void>;
}

/** Which database the suite runs on: MariaDB/MySQL when TEST_DATABASE_URL is a mysql:// server URL, else SQLite. */
export const serverUrl = process.env.TEST_DATABASE_URL;
export const dialect = serverUrl?.startsWith('mysql://') ? 'mysql' : 'sqlite';

/** A fresh, migrated database of its own, dropped again by `drop()`. */
export async function createTestDb(): Promise<TestDb> {
  const name = `ashare_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'mysql') {
    await withServer((admin) => admin.raw(`create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`));
    const url = `${serverUrl!.replace(/\/[^/]*$/, '')}/${name}`;
    return migrated(url, () => withServer((admin) => admin.raw(`drop database if exists ${name}`)));
  }
  const file = join(tmpdir(), `${name}.sqlite`);
  return migrated(`sqlite://${file}`, async () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  });
}

/**
 * A fresh, migrated database for the enclosing `describe` (`{ each: true }`: for each of its tests): created in a
 * `before` (`beforeEach`) hook declared here, dropped in an `after` (`afterEach`) hook declared here. Mocha runs
 * `after` hooks in the order they are declared, so whatever must stop before the drop (a server on this database)
 * is stopped in an `after` declared before this call. Its `db` and `url` are there from the first hook on.
 */
export function useTestDb({ each = false } = {}): TestDb {
  let current: TestDb | undefined;
  (each ? beforeEach : before)(async () => {
    current = await createTestDb();
  });
  (each ? afterEach : after)(async () => {
    await current?.drop();
  });
  const made = (): TestDb => {
    if (current === undefined) throw new Error('useTestDb: the database exists once its before hook has run');
    return current;
  };
  return {
    get db() {
      return made().db;
    },
    get url() {
      return made().url;
    },
    drop: () => made().drop(),
  };
}

/** One statement (or a few) on the MariaDB/MySQL server itself, on a connection of its own closed after. */
export async function withServer(statement: (admin: Knex) => Promise<unknown>): Promise<void> {
  const admin = connect(serverUrl!);
  try {
    await statement(admin);
  } finally {
    await admin.destroy();
  }
}

async function migrated(url: string, remove: () => Promise<void>): Promise<TestDb> {
  const db = connect(url);
  await migrateLatest(db);
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      await remove();
    },
  };
}
