import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { paths } from '../paths';

/**
 * Migrations are the modules of db/migrations (TypeScript under tsx, their build in dist/db/migrations),
 * applied in file-name order. A migration is recorded under its source name (`….ts`) either way, so a store
 * migrated by the sources is current for the build and the other way round.
 */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(paths.migrations)
      .filter((name) => /^\d{14}_.+\.(ts|js)$/.test(name))
      .sort();
  },
  getMigrationName: (name) => name.replace(/\.js$/, '.ts'),
  async getMigration(name) {
    return import(pathToFileURL(join(paths.migrations, name)).href) as Promise<Knex.Migration>;
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
