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
    const admin = connect(serverUrl!);
    await admin.raw(`create database ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
    await admin.destroy();
    const url = `${serverUrl!.replace(/\/[^/]*$/, '')}/${name}`;
    const db = connect(url);
    await migrateLatest(db);
    return {
      db,
      url,
      async drop() {
        await db.destroy();
        const dropper = connect(serverUrl!);
        await dropper.raw(`drop database if exists ${name}`);
        await dropper.destroy();
      },
    };
  }
  const file = join(tmpdir(), `${name}.sqlite`);
  const url = `sqlite://${file}`;
  const db = connect(url);
  await migrateLatest(db);
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}
