import type { Db } from '../../db/connection';
import { whereVisible } from './visibleRows.repository';

/** The newest trade date in the store across all securities on or before `through` (the data's as-of day), or null. */
export async function latestTradingDay(db: Db, through: string | null): Promise<string | null> {
  const row = await whereVisible(db('daily_bars').select('trade_date'), 'trade_date', through)
    .orderBy('trade_date', 'desc')
    .first();
  return row?.trade_date ?? null;
}

/** The day of the newest live quote (the quote feed's current or last session), or null when none is stored. */
export async function newestLiveDay(db: Db): Promise<string | null> {
  const row = await db('live_quotes').max('quote_minute as minute').first();
  return row?.minute ? String(row.minute).slice(0, 10) : null;
}
