import type { Db } from '../../db/connection';
import { CALENDAR, whereVisible } from './visibleRows.repository';

/** The newest trade date in the store across all securities on or before `through` (the data's as-of day), or null. */
export async function latestTradingDay(db: Db, through: string | null): Promise<string | null> {
  const row = await whereVisible(db('daily_bars').select('trade_date'), 'trade_date', through)
    .orderBy('trade_date', 'desc')
    .first();
  return row?.trade_date ?? null;
}

/** Every open day of the calendar, ascending (about 8,600 since 1990). */
export async function allOpenDays(db: Db): Promise<string[]> {
  const rows = await db('trade_calendar')
    .where({ exchange: CALENDAR, is_open: 1 })
    .orderBy('cal_date')
    .select('cal_date');
  return rows.map((row) => row.cal_date);
}

/** The day of the newest live quote (the quote feed's current or last session), or null when none is stored. */
export async function newestLiveDay(db: Db): Promise<string | null> {
  const row = await db('live_quotes').max('quote_minute as minute').first();
  return row?.minute ? String(row.minute).slice(0, 10) : null;
}
