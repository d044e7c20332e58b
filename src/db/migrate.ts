import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../db/migrations/', import.meta.url));

/** Migrations are the TypeScript modules of db/migrations, applied in file-name order. */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(MIGRATIONS_DIR).filter((name) => /^\d{14}_.+\.ts$/.test(name)).sort();
  },
  getMigrationName: (name) => name,
  async getMigration(name) {
    return import(new URL(name, `file://${MIGRATIONS_DIR}`).href) as Promise<Knex.Migration>;
  },
};

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export async function migrateRollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}

/** Migrations of db/migrations not yet applied (readiness: the schema must be current). */
export async function pendingMigrations(db: Knex): Promise<number> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.length;
}
