import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SingleBar } from 'cli-progress';
import { connect } from '../../src/db/connection';
import { migrateLatest } from '../../src/db/migrate';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { generateMarket } from './generateMarket';
import { generateValuations } from './generateValuations';

/** The last day of the generated stores. */
export const GENERATED_LAST_DAY = '2025-12-31';

/** `npm run ashare` as it runs: the build (the Makefile's bench targets make it) under the CLI's own V8 flags. */
export const BUILT_CLI = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.ashare as string)
  .split(' ')
  .slice(1);

/** A store's sessions, ascending. */
export const sessionsOf = async (db: ReturnType<typeof connect>): Promise<string[]> =>
  (await db('daily_bars').distinct('trade_date').orderBy('trade_date')).map((row: { trade_date: unknown }) =>
    String(row.trade_date).slice(0, 10),
  );

/**
 * A generated SQLite store in the temp dir (bench/support/generateMarket.ts: bars and factors, with valuations
 * when asked), made on first use and kept between runs and benches: its URL.
 */
export async function generatedSqliteStore(
  name: string,
  stocks: number,
  years: number,
  valuations: boolean,
): Promise<string> {
  const url = `sqlite://${join(tmpdir(), `${name}.sqlite`)}`;
  const db = connect(url);
  try {
    await migrateLatest(db);
    if (!(await db('daily_bars').first('ts_code'))) {
      await loadReferenceDataIfEmpty(db);
      console.log(`generating ${stocks} stocks × ${years} years…`);
      await generateMarket(db, stocks, years, GENERATED_LAST_DAY);
      if (valuations) {
        const days = await sessionsOf(db);
        const bar = new SingleBar({ format: 'daily_basic {bar} {value}/{total} days' });
        bar.start(days.length, 0);
        await generateValuations(db, days, (done) => bar.update(done));
        bar.stop();
      }
    }
    return url;
  } finally {
    await db.destroy();
  }
}

/**
 * Every stock's last bar and factor again on `day`, the next open day, or taken out again (`add` false): recorded
 * as a load records what it wrote (`data_changes`).
 */
export async function nextSession(url: string, day: string, add: boolean): Promise<void> {
  const db = connect(url);
  try {
    await db.transaction(async (trx) => {
      await trx('trade_calendar').where({ exchange: 'SSE', cal_date: day }).delete();
      if (add) await trx('trade_calendar').insert({ exchange: 'SSE', cal_date: day, is_open: 1 });
      for (const table of ['daily_bars', 'adj_factors']) {
        await trx(table).where('trade_date', day).delete();
        const rows = add ? await trx(table).where('trade_date', GENERATED_LAST_DAY).select() : [];
        for (let i = 0; i < rows.length; i += 500)
          await trx(table).insert(rows.slice(i, i + 500).map((row) => ({ ...row, trade_date: day })));
        const change = { table_name: table, date_column: 'trade_date', first_date: day, last_date: day };
        await trx('data_changes').insert({ ...change, changed_at: `${day} 17:00:00` });
      }
    });
  } finally {
    await db.destroy();
  }
}
