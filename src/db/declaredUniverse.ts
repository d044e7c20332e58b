import type { Knex } from 'knex';
import {
  resolveUniverse,
  type ConstituentRow,
  type ResolvedUniverse,
  type UniverseEntry,
} from '../domain/market/universe';
import { bumpDataVersion } from './dataVersions';
import { storedDay } from './sql';

/** The lines of the store's declared universe, in their order (none: the whole market). */
export async function universeEntries(db: Knex): Promise<UniverseEntry[]> {
  const rows: UniverseEntry[] = await db('universe_entries').orderBy(['scope', 'code', 'start_date']).select();
  return rows.map((row) => ({ ...row, start_date: storedDay(row.start_date)!, end_date: storedDay(row.end_date) }));
}

/** The store's declared universe, resolved against the stored index constituents (null: the whole market). */
export async function declaredUniverse(db: Knex): Promise<ResolvedUniverse | null> {
  const entries = await universeEntries(db);
  const indices = entries.filter((entry) => entry.scope === 'index').map((entry) => entry.code);
  const constituents = new Map<string, ConstituentRow[]>();
  if (indices.length > 0)
    for (const row of await db('index_weights')
      .whereIn('index_code', indices)
      .select('index_code', 'trade_date', 'con_code'))
      constituents.set(row.index_code, [
        ...(constituents.get(row.index_code) ?? []),
        { trade_date: storedDay(row.trade_date)!, con_code: row.con_code },
      ]);
  return resolveUniverse(entries, constituents);
}

/** Declares the whole market again: the declaration emptied (`ashare universe --market`). */
export async function clearUniverse(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('universe_entries').delete();
    await bumpDataVersion(trx, 'reference');
  });
}
