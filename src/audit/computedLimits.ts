import type { Knex } from 'knex';
import { recordRangeChange, replaceInRange } from './rangeWrites';
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
  const rows = limits.map((limit) => ({ ...limit, computed: 1 }));
  await db.transaction(async (trx) => {
    await replaceInRange(trx, SPEC, codes, range, rows, (query) => query.where('computed', 1));
    await recordRangeChange(trx, SPEC.table, range);
  });
}
