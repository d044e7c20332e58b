import type { Knex } from 'knex';
import type { Db } from './connection';
import { isSqlite } from './dialect';

/**
 * Statements whose syntax differs by engine, written once for the app (which never asks which engine it talks
 * to: the drivers-in-db boundary).
 */

/** In an upsert's merge: the stored value of `column` plus the one the insert brought (a counter that adds up). */
export function addedOnConflict(db: Db, table: string, column: string): Knex.Raw {
  return isSqlite(db)
    ? db.raw('??.?? + excluded.??', [table, column, column])
    : db.raw('??.?? + values(??)', [table, column, column]);
}

/**
 * `update target t … set t.column = s.value` from a source table `s` joined on `on` (pairs of target and source
 * columns), with `where` over both (`?` bindings): SQLite's UPDATE … FROM, MySQL's multi-table UPDATE.
 */
export async function updateFromJoin(
  trx: Knex.Transaction,
  {
    target,
    source,
    on,
    set,
    where,
    bindings,
  }: {
    target: string;
    source: string;
    on: Array<[string, string]>;
    set: [string, string];
    where: string;
    bindings: Knex.RawBinding[];
  },
): Promise<void> {
  const join = on.map(([t, s]) => `s.${s} = t.${t}`).join(' and ');
  if (isSqlite(trx)) {
    await trx.raw(
      `update ${target} as t set ${set[0]} = s.${set[1]} from ${source} s where ${join} and ${where}`,
      bindings,
    );
    return;
  }
  await trx.raw(
    `update ${target} t join ${source} s on ${join} set t.${set[0]} = s.${set[1]} where ${where}`,
    bindings,
  );
}

/**
 * Runs `work` with SQLite's page cache of the (single) connection set to `kib` and put back afterwards;
 * other engines size their buffers on the server.
 */
export async function withPageCache<T>(db: Knex, kib: number, work: () => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return work();
  const [{ cache_size: previous }] = await db.raw('pragma cache_size');
  await db.raw(`pragma cache_size = -${kib}`);
  try {
    return await work();
  } finally {
    await db.raw(`pragma cache_size = ${Number(previous)}`);
  }
}

/** The day of a DATETIME column (`YYYY-MM-DD HH:MM:SS`), as SQL each engine reads. */
export const dayOfDateTime = (db: Db, column: string): Knex.Raw =>
  db.raw(isSqlite(db) ? `date(${column})` : `cast(${column} as date)`);

/** A DATE column's value as read (a `YYYY-MM-DD…` string on both engines) → the day, or null. */
export const storedDay = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value).slice(0, 10);
