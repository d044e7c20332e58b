/**
 * `sync baostock` at its default pace against the local Baostock server (test/support/baostockServer.ts) with a
 * per-query delay like the public server's (BENCH_DELAY_MS, 80 by default): BENCH_STOCKS synthetic stocks
 * (40) of a year of daily bars each, into a fresh SQLite store. The time per security, extrapolated to the
 * whole market (BENCH_MARKET_STOCKS, 5,400), goes to bench/results/baostock-sync.json and the README.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { addDays } from '../src/domain/time/calendar';
import { BaostockClient } from '../src/ingest/baostock/baostockClient';
import { syncBaostock } from '../src/ingest/baostock/baostockSync';
import { baostockSummary, securityProgress } from '../src/cliProgress';
import { startBaostockServer, type BaostockData } from '../test/support/baostockServer';
import { randomWalkBars, seeded } from './support/baostockBars';

const STOCKS = Number(process.env.BENCH_STOCKS ?? 40);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 80);
const MARKET_STOCKS = Number(process.env.BENCH_MARKET_STOCKS ?? 5400);
const SINCE = '2024-01-01';
const UNTIL = '2024-12-31';

/** A year of weekdays as trading days and a seeded random walk per stock, in Baostock's layout; one ex-date each. */
function yearOfStocks(): BaostockData {
  const days: string[] = [];
  for (let day = SINCE; day <= UNTIL; day = addDays(day, 1))
    if (![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) days.push(day);
  const random = seeded(1);
  const securities = [],
    bars = [],
    factors = [];
  for (let i = 0; i < STOCKS; i++) {
    const code = `sz.${String(300000 + i)}`;
    securities.push({ code, code_name: `股票${i}`, ipoDate: '2010-01-04', outDate: '', type: '1', status: '1' });
    factors.push({
      code,
      dividOperateDate: days[120]!,
      foreAdjustFactor: '1.000000',
      backAdjustFactor: '1.050000',
      adjustFactor: '1.050000',
    });
    bars.push(...randomWalkBars(code, days, random));
  }
  return { securities, days: days.map((date) => ({ calendar_date: date, is_trading_day: '1' })), bars, factors };
}

const dir = mkdtempSync(join(tmpdir(), 'ashare-bench-baostock-'));
const db = connect(`sqlite://${dir}/bench.sqlite`);
const server = await startBaostockServer(yearOfStocks(), { delayMs: DELAY_MS });
try {
  await migrateLatest(db);
  // Default pace: the CLI's pause between requests.
  const client = new BaostockClient({ host: '127.0.0.1', port: server.port });
  const summary = await syncBaostock(db, client, {
    since: SINCE,
    until: UNTIL,
    today: '2026-01-01',
    onSecurity: securityProgress(),
  });
  await client.close();
  console.error(baostockSummary(summary));
  const perSecurity = summary.seconds / summary.securities;
  const result = {
    date: new Date().toISOString(),
    stocks: STOCKS,
    server_delay_ms: DELAY_MS,
    pause_ms: 200,
    seconds: Number(summary.seconds.toFixed(1)),
    requests: summary.client.requests,
    seconds_per_security: Number(perSecurity.toFixed(3)),
    whole_market_year_minutes: Number(((perSecurity * MARKET_STOCKS) / 60).toFixed(0)),
    rows: summary.rows,
  };
  console.log(JSON.stringify(result));
  writeFileSync('bench/results/baostock-sync.json', `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
