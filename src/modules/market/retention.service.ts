import type { Db } from '../../db/connection';
import { bumpDataVersion } from '../../db/dataVersions';
import { addDays } from '../../domain/calendar';
import { exchangeToday } from '../../domain/clock';

export const DEFAULT_MINUTE_RETENTION_DAYS = 90;

const TABLES = ['intraday_bars', 'trades'] as const;

/**
 * Deletes minute bars and ticks older than `retentionDays` (Beijing dates; minute data is kept about 1-3
 * months). One day per statement, so a large backlog never becomes one huge transaction. Returns the
 * number of rows deleted.
 */
export async function pruneMinuteData(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const keepFrom = addDays(exchangeToday(now), -retentionDays);
  let deleted = 0;
  for (const table of TABLES) {
    const oldest = await db(table).orderBy('trade_time').first('trade_time');
    if (!oldest) continue;
    for (let day = String(oldest.trade_time).slice(0, 10); day < keepFrom; day = addDays(day, 1)) {
      deleted += await db(table).where('trade_time', '>=', `${day} 00:00:00`).where('trade_time', '<', `${addDays(day, 1)} 00:00:00`).delete();
    }
  }
  if (deleted > 0) await bumpDataVersion(db, 'intraday');
  return deleted;
}

/** Prunes now and then every `everyMs` in the background of the serving process; returns a stop function. */
export function schedulePruning(db: Db, retentionDays: number, onError: (err: unknown) => void, everyMs = 3600_000): () => void {
  const run = () => void pruneMinuteData(db, retentionDays).catch(onError);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
