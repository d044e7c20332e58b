import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isSqlite } from '../../src/db/dialect';

/** Every table of the database but the ones named. */
/**
 * The store's bookkeeping, not its data: the migrations, the data versions, the coverage's counts kept
 * under those versions (two runs that load the same rows count them under other versions) and the days kept
 * whole by the reads (stored_days), and what each load changed (data_changes: a rerun records its own loads).
 */
export const BOOKKEEPING_TABLES = [
  'knex_migrations',
  'knex_migrations_lock',
  'data_versions',
  'coverage_counts',
  'stored_days',
  'data_changes',
];

export async function tableNames(db: Knex, except: readonly string[] = []): Promise<string[]> {
  const rows: Array<{ name: string }> = isSqlite(db)
    ? await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').select('name')
    : (await db.raw('select table_name as name from information_schema.tables where table_schema = database()'))[0];
  return rows
    .map((row) => row.name)
    .filter((name) => !except.includes(name))
    .sort();
}

/** When an audit found a finding: the time of a run, like a load's, never what it found. */
const AUDIT_TIMES = ['first_seen', 'last_seen'];

/** Row count and a hash of the sorted rows of each table (columns in `ignored` and the audit's times left out). */
export async function digestOfRows(
  db: Knex,
  tables: readonly string[],
  ignored: readonly string[] = [],
): Promise<Record<string, string>> {
  const ignoredColumns = [...ignored, ...AUDIT_TIMES];
  const digests: Record<string, string> = {};
  for (const table of tables) {
    const rows: Array<Record<string, unknown>> = await db(table).select();
    const kept = rows
      .map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !ignoredColumns.includes(column)))),
      )
      .sort();
    digests[table] = `${rows.length}:${createHash('sha1').update(kept.join('\n')).digest('hex')}`;
  }
  return digests;
}
