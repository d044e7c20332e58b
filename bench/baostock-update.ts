/**
 * The after-close update of one day from Baostock (`ashare update`), at the client's default pace, against the
 * local Baostock server (test/support/baostockServer.ts) answering each request after BENCH_DELAY_MS (80 by
 * default): BENCH_STOCKS synthetic stocks (5,000), BENCH_EX_DATES of them (50) going ex-dividend that day. The
 * store holds the day before (loaded by an update without delay). The by-date path (two requests for the whole
 * market, one more per ex-date stock) is timed; then the per-security path (a server without the by-date
 * queries) for BENCH_FALLBACK_STOCKS (100) lacking stocks, extrapolated to the whole market. Figures to
 * bench/results/baostock-update.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { BaostockClient } from '../src/ingest/baostock/baostockClient';
import { baostockSessions } from '../src/ingest/update/baostockSessions';
import { runUpdate } from '../src/ingest/update/runUpdate';
import { sessionProgress, updateSummary } from '../src/cliProgress';
import { startBaostockServer, type BaostockData } from '../test/support/baostockServer';
import { randomWalkBars, seeded } from './support/baostockBars';

const STOCKS = Number(process.env.BENCH_STOCKS ?? 5000);
const EX_DATES = Number(process.env.BENCH_EX_DATES ?? 50);
const FALLBACK_STOCKS = Number(process.env.BENCH_FALLBACK_STOCKS ?? 100);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 80);
const DAYS = ['2024-06-24', '2024-06-25', '2024-06-26', '2024-06-27', '2024-06-28'];
/** 18:00 Beijing on the day of the measured update, and on the day before for the set-up. */
const eveningOf = (day: string) => () => new Date(`${day}T18:00:00+08:00`);

/** A week of a seeded random walk per stock in Baostock's layout; the last day an ex-date of the first EX_DATES. */
function market(): BaostockData {
  const random = seeded(7);
  const securities = [],
    bars = [],
    factors = [];
  for (let i = 0; i < STOCKS; i++) {
    const code = i < STOCKS / 2 ? `sh.${600000 + i}` : `sz.${String(i).padStart(6, '0')}`;
    securities.push({ code, code_name: `股票${i}`, ipoDate: '2010-01-04', outDate: '', type: '1', status: '1' });
    factors.push({
      code,
      dividOperateDate: '2010-01-04',
      foreAdjustFactor: '1',
      backAdjustFactor: '1.000000',
      adjustFactor: '1.000000',
    });
    if (i < EX_DATES)
      factors.push({
        code,
        dividOperateDate: DAYS.at(-1)!,
        foreAdjustFactor: '1',
        backAdjustFactor: '1.031000',
        adjustFactor: '1.031000',
      });
    bars.push(...randomWalkBars(code, DAYS, random));
  }
  return { securities, days: DAYS.map((date) => ({ calendar_date: date, is_trading_day: '1' })), bars, factors };
}

const dir = mkdtempSync(join(tmpdir(), 'ashare-bench-update-'));
const db = connect(`sqlite://${dir}/bench.sqlite`);
const data = market();
const quick = await startBaostockServer(data);
const paced = await startBaostockServer(data, { delayMs: DELAY_MS });
const perSecurity = await startBaostockServer(data, { delayMs: DELAY_MS, noByDate: true });
const update = async (
  port: number,
  day: string,
  { pauseMs, minCoverage = 0.95 }: { pauseMs?: number; minCoverage?: number } = {},
) => {
  const client = new BaostockClient({ host: '127.0.0.1', port, ...(pauseMs === undefined ? {} : { pauseMs }) });
  try {
    return await runUpdate(db, baostockSessions(client), {
      trigger: 'command',
      minCoverage,
      now: eveningOf(day),
      onSession: sessionProgress(),
      retryDelaysMs: [],
    });
  } finally {
    await client.close();
  }
};
try {
  await migrateLatest(db);
  // The day before, without delay or pause (every stock's factor history asked once: the store had none).
  await update(quick.port, DAYS.at(-2)!, { pauseMs: 0 });
  const before = paced.queries.length;
  const byDate = await update(paced.port, DAYS.at(-1)!);
  console.error(updateSummary('baostock (by date)', byDate));
  // The per-security path for FALLBACK_STOCKS stocks lacking the day (a session short of any stock asked again).
  const lacking = (await db('securities').orderBy('ts_code').limit(FALLBACK_STOCKS).pluck('ts_code')) as string[];
  for (const table of ['daily_bars', 'adj_factors', 'daily_basic'])
    await db(table)
      .where({ trade_date: DAYS.at(-1)! })
      .whereIn('ts_code', lacking)
      .delete();
  const askedBefore = perSecurity.queries.length;
  const fallback = await update(perSecurity.port, DAYS.at(-1)!, { minCoverage: 1 });
  console.error(updateSummary('baostock (per security)', fallback));
  const result = {
    date: new Date().toISOString(),
    stocks: STOCKS,
    ex_dates: EX_DATES,
    server_delay_ms: DELAY_MS,
    pause_ms: 200,
    by_date: {
      seconds: Number(byDate.seconds.toFixed(1)),
      requests: paced.queries.length - before,
      rows: byDate.rows,
      sessions: byDate.sessions,
    },
    per_security: {
      stocks: FALLBACK_STOCKS,
      seconds: Number(fallback.seconds.toFixed(1)),
      requests: perSecurity.queries.length - askedBefore,
      whole_market_minutes: Number((((fallback.seconds / FALLBACK_STOCKS) * STOCKS) / 60).toFixed(1)),
    },
  };
  console.log(JSON.stringify(result));
  writeFileSync('bench/results/baostock-update.json', `${JSON.stringify(result, null, 2)}\n`);
} finally {
  for (const server of [quick, paced, perSecurity]) await server.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
