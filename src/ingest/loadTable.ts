import { basename } from 'node:path';
import type { Knex } from 'knex';
import { csvRecords } from './csvRecords';
import { IngestError } from './ingestError';

export type Row = Record<string, string | number | boolean | null>;

export interface TableLoad {
  table: string;
  /** Primary-key columns: rows with the same key replace each other, so a rerun changes nothing. */
  key: string[];
  /** One CSV record → one row, or null to skip it; throws an Error whose message is the reason. */
  toRow(values: Record<string, string>): Row | null;
  /** `merge` replaces existing rows; `ignore` keeps them. */
  onConflict?: 'merge' | 'ignore';
}

const BATCH_SIZE = 500;

/** Loads a whole CSV file in one transaction: either every row lands or none does. */
export async function loadTable(db: Knex, path: string, load: TableLoad): Promise<number> {
  const file = basename(path);
  return db.transaction(async (trx) => {
    let batch: Row[] = [];
    let count = 0;
    for await (const { line, values } of csvRecords(path)) {
      let row: Row | null;
      try {
        row = load.toRow(values);
      } catch (err) {
        throw new IngestError(file, line, (err as Error).message);
      }
      if (row === null) continue;
      batch.push(row);
      if (batch.length === BATCH_SIZE) {
        count += await upsert(trx, load, batch);
        batch = [];
      }
    }
    return count + (await upsert(trx, load, batch));
  });
}

async function upsert(trx: Knex.Transaction, load: TableLoad, rows: Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const insert = trx(load.table).insert(rows).onConflict(load.key);
  await (load.onConflict === 'ignore' ? insert.ignore() : insert.merge());
  return rows.length;
}
