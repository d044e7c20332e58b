import type { Db } from '../../db/connection';
import type { HaltDay } from '../../domain/market/halts';
import { whereVisible } from '../common/visibleRows.repository';
import type { NameRow } from './reference.types';

export async function nameHistory(db: Db, codes: string[]): Promise<NameRow[]> {
  return db('name_changes')
    .whereIn('ts_code', codes)
    .orderBy([{ column: 'start_date' }, { column: 'ts_code' }])
    .select('ts_code', 'name', 'start_date', 'end_date', 'ann_date', 'change_reason');
}

/** Halt and resumption days (Tushare `suspend_d`) of the codes through the plan's daily cut-off, oldest first. */
export async function haltDays(
  db: Db,
  codes: string[],
  through: string | null,
): Promise<Array<HaltDay & { ts_code: string }>> {
  return whereVisible(db('trading_halts').whereIn('ts_code', codes), 'trade_date', through)
    .orderBy('trade_date')
    .select('ts_code', 'trade_date', 'suspend_type', 'suspend_timing');
}
