import type { Knex } from 'knex';
import type { Db } from './connection';
import type { Dataset } from './dataVersions';

class ChangedMeanwhile extends Error {}

/**
 * Keeps rows derived from a data set read under version `readUnder` (its version before the read), unless a
 * load of the data set committed since: `write` runs, then the version is read with a lock that waits for a
 * load still writing (its bump), and a version other than `readUnder` undoes the write. A load that commits
 * later forgets the derived rows itself, in its own transaction, so they are never kept from rows older than
 * the store's (stored days, stored periods).
 */
export async function keepUnlessChanged(
  db: Db,
  dataset: Dataset,
  readUnder: number,
  write: (trx: Knex.Transaction) => Promise<unknown>,
): Promise<void> {
  try {
    await db.transaction(async (trx) => {
      await write(trx);
      const now = await trx('data_versions').where({ dataset }).forUpdate().first('version');
      if (Number(now?.version ?? 0) !== readUnder) throw new ChangedMeanwhile();
    });
  } catch (err) {
    if (!(err instanceof ChangedMeanwhile)) throw err;
  }
}
