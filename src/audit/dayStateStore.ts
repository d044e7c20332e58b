import type { Knex } from 'knex';
import { bumpDataVersion } from '../db/dataVersions';
import { forgetStoredDays } from '../db/storedDays';
import { recordRangeChange, replaceInRange } from './rangeWrites';
import type { DayState } from '../domain/quality/dayStates';
import type { DayRange } from './auditReads';

/** A security's state of a day, as `day_states` holds it. */
export type StoredDayState = Omit<DayState, 'date' | 'suspended'> & {
  ts_code: string;
  trade_date: string;
  suspended: 0 | 1;
};

const SPEC = { table: 'day_states', key: ['ts_code', 'trade_date'], onConflict: 'merge' as const };

export const storedDayState = (tsCode: string, { date, suspended, ...state }: DayState): StoredDayState => ({
  ts_code: tsCode,
  trade_date: date,
  ...state,
  suspended: suspended ? 1 : 0,
});

/**
 * The securities' states of the range, replacing what it held (a bar or a name may have changed since); the
 * stored days of the range, which hold the states, are forgotten and the market's answers with them, as a load
 * of their bars would.
 */
export async function writeDayStates(
  db: Knex,
  codes: readonly string[],
  range: DayRange,
  states: readonly StoredDayState[],
): Promise<void> {
  await db.transaction(async (trx) => {
    // In the order of the date-led index: the rows of one day, of securities next to each other, share its pages.
    const ordered = [...states].sort((a, b) =>
      a.trade_date < b.trade_date ? -1 : a.trade_date > b.trade_date ? 1 : a.ts_code < b.ts_code ? -1 : 1,
    );
    await replaceInRange(trx, SPEC, codes, range, ordered);
    await forgetStoredDays(trx, range.from, range.until);
    await recordRangeChange(trx, SPEC.table, range);
    await bumpDataVersion(trx, 'market');
  });
}
