import type { Knex } from 'knex';
import { batchRows, upsertRows } from '../db/bulkWrite';
import type { Row, UpsertSpec } from '../db/upsertSpec';
import type { DayRange } from './auditReads';
import { recordChanges } from '../db/dataChanges';

/**
 * What an audit writes of some securities over its range, in the caller's transaction: their rows of the range
 * that `stale` keeps are deleted (the rules or the bars may have changed since), then `rows` written in batches.
 */
export async function replaceInRange(
  trx: Knex.Transaction,
  spec: UpsertSpec,
  codes: readonly string[],
  range: DayRange,
  rows: readonly Row[],
  stale: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query,
): Promise<void> {
  const old = stale(trx(spec.table).whereIn('ts_code', [...codes]));
  if (range.from !== null) old.where('trade_date', '>=', range.from);
  if (range.until !== null) old.where('trade_date', '<=', range.until);
  await old.delete();
  if (rows.length === 0) return;
  const size = await batchRows(trx, Object.keys(rows[0]!).length);
  for (let i = 0; i < rows.length; i += size) await upsertRows(trx, spec, rows.slice(i, i + size));
}

/** Records that an audit wrote `table`'s rows of its range (every day when the range is open at either end). */
export const recordRangeChange = (trx: Knex.Transaction, table: string, range: DayRange): Promise<void> =>
  recordChanges(
    trx,
    table,
    range.from === null || range.until === null
      ? new Map()
      : new Map([['trade_date', { first: range.from, last: range.until }]]),
  );
