import type { Knex } from 'knex';
import { updateFromJoin } from '../db/sql';
import type { Row } from './loaderTypes';

/**
 * daily_bars.turnover (the daily endpoint's `turnover`, percent) is daily_basic's `turnover_rate` of the same
 * stock and day: turnover of all outstanding shares, Tushare's own definition, rather than the free-float
 * rate. Bars take it from stored valuations as they are written (withStoredTurnover); valuations loaded after
 * their bars update them (fillTurnover). A bundle loads daily_basic first: filling the stored bars afterwards
 * was an UPDATE of every bar and of its day index entry, most of an import's time and random I/O at the whole
 * market's size (`make bench-ingest`); reading the valuations of each batch of bars costs one range read.
 */
export async function withStoredTurnover(trx: Knex.Transaction, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const codes = [...new Set(rows.map((row) => row.ts_code as string))];
  const dates = rows.map((row) => row.trade_date as string).sort();
  const stored: Array<{ ts_code: string; trade_date: unknown; turnover_rate: number | null }> = await trx('daily_basic')
    .whereIn('ts_code', codes)
    .whereBetween('trade_date', [dates[0]!, dates.at(-1)!])
    .select('ts_code', 'trade_date', 'turnover_rate');
  const turnover = new Map(
    stored.map((row) => [`${row.ts_code} ${String(row.trade_date).slice(0, 10)}`, row.turnover_rate]),
  );
  // Set on the batch's own rows, not copies: a copy of every bar was a tenth of an import's time.
  for (const row of rows) row.turnover = turnover.get(`${row.ts_code} ${row.trade_date}`) ?? null;
  return rows;
}

/** Stored bars of the loaded valuations' days take their turnover (nothing to do when those days have no bars yet). */
export async function fillTurnover(trx: Knex.Transaction, firstDate: string, lastDate: string): Promise<void> {
  if (!(await trx('daily_bars').whereBetween('trade_date', [firstDate, lastDate]).first('trade_date'))) return;
  await updateFromJoin(trx, {
    target: 'daily_bars',
    source: 'daily_basic',
    on: [
      ['ts_code', 'ts_code'],
      ['trade_date', 'trade_date'],
    ],
    set: ['turnover', 'turnover_rate'],
    where:
      's.trade_date between ? and ? and s.turnover_rate is not null and (t.turnover is null or t.turnover <> s.turnover_rate)',
    bindings: [firstDate, lastDate],
  });
}
