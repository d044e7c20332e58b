import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Knex } from 'knex';
import { isSqlite } from '../../src/db/dialect';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { compactToIsoDate } from '../../src/domain/time/dates';
import { DEMO_DIR } from '../../src/ingest/demo';

/**
 * Synthetic market-scale data for benchmarks when the real bundle is not loaded: the real SSE calendar,
 * and for the first `stocks` listed stocks a seeded random walk of daily bars with an ex-dividend factor
 * step each June, over the `years` years up to `lastDay`.
 */
const CALENDAR_CSV = join(DEMO_DIR, 'trade_cal.csv');

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Rows per insert: 3,000 on MariaDB; 400 on SQLite, whose multi-row insert is a compound SELECT of at most 500 terms. */
async function insertChunked(db: Knex, table: string, rows: object[]): Promise<void> {
  const size = isSqlite(db) ? 400 : 3000;
  for (let i = 0; i < rows.length; i += size) await db(table).insert(rows.slice(i, i + size));
}

export async function loadCalendarIfEmpty(db: Knex): Promise<string[]> {
  if (!(await db('trade_calendar').first('cal_date'))) {
    const rows = parse(readFileSync(CALENDAR_CSV), { columns: true }) as Record<string, string>[];
    await insertChunked(
      db,
      'trade_calendar',
      rows.map((row) => ({
        exchange: 'SSE',
        cal_date: compactToIsoDate(row.cal_date!),
        is_open: row.is_open === '1',
        pretrade_date: row.pretrade_date ? compactToIsoDate(row.pretrade_date) : null,
      })),
    );
  }
  const open = await db('trade_calendar').where({ exchange: 'SSE', is_open: 1 }).orderBy('cal_date').pluck('cal_date');
  return open.map(String);
}

export async function generateMarket(
  db: Knex,
  stocks: number,
  years: number,
  lastDay: string,
): Promise<{ codes: string[]; bars: number }> {
  const openDays = await loadCalendarIfEmpty(db);
  const firstDay = `${Number(lastDay.slice(0, 4)) - years}${lastDay.slice(4)}`;
  const days = openDays.filter((day) => day > firstDay && day <= lastDay);
  const codes: string[] = await db('securities')
    .where({ kind: 'stock', list_status: 'L' })
    .orderBy('ts_code')
    .limit(stocks)
    .pluck('ts_code');
  let bars = 0;
  for (const [index, code] of codes.entries()) {
    const random = seeded(index + 1);
    let close = 5 + random() * 95;
    let factor = 1;
    const barRows = [];
    const factorRows = [];
    for (const day of days) {
      const preClose = close;
      if (day.slice(5, 7) === '06' && day.slice(8) <= '03' && random() < 0.5)
        factor = round2(factor * 1.02 * 1000) / 1000;
      close = round2(Math.max(1, preClose * (1 + (random() - 0.5) * 0.08)));
      const open = round2(preClose * (1 + (random() - 0.5) * 0.02));
      const vol = Math.round(10_000 + random() * 1_000_000);
      barRows.push({
        ts_code: code,
        trade_date: day,
        open,
        high: Math.max(open, close) + 0.05,
        low: Math.min(open, close) - 0.05,
        close,
        pre_close: preClose,
        change: round2(close - preClose),
        pct_chg: round2(((close - preClose) / preClose) * 100),
        vol,
        amount: round2(vol * 100 * close),
        turnover: round2(random() * 5),
        published_at: `${day} 08:00:00`,
      });
      factorRows.push({ ts_code: code, trade_date: day, adj_factor: factor });
    }
    await insertChunked(db, 'daily_bars', barRows);
    await insertChunked(db, 'adj_factors', factorRows);
    bars += barRows.length;
  }
  await bumpDataVersion(db, 'market');
  return { codes, bars };
}
