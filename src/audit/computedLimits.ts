import type { Knex } from 'knex';
import { batchRows, upsertRows } from '../db/bulkWrite';
import type { DayRange } from './auditReads';

/** A day's limit prices as the audit's rules compute them, a `price_limits` row marked computed. */
export interface ComputedLimit {
  ts_code: string;
  trade_date: string;
  pre_close: number;
  up_limit: number;
  down_limit: number;
}

const SPEC = { table: 'price_limits', key: ['ts_code', 'trade_date'], onConflict: 'ignore' as const };

/**
 * The audit's limit prices of the securities' days in range, where the source sent none: the computed rows the
 * range held are replaced (the rules or the bars may have changed since), and a source row is never touched.
 */
export async function writeComputedLimits(
  db: Knex,
  codes: readonly string[],
  range: DayRange,
  limits: readonly ComputedLimit[],
): Promise<void> {
  await db.transaction(async (trx) => {
    const stale = trx(SPEC.table)
      .whereIn('ts_code', [...codes])
      .where('computed', 1);
    if (range.from !== null) stale.where('trade_date', '>=', range.from);
    if (range.until !== null) stale.where('trade_date', '<=', range.until);
    await stale.delete();
    const size = await batchRows(trx, 6);
    for (let i = 0; i < limits.length; i += size)
      await upsertRows(
        trx,
        SPEC,
        limits.slice(i, i + size).map((limit) => ({ ...limit, computed: 1 })),
      );
  });
}
