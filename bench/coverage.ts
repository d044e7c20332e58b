/**
 * `/v1/data/coverage` cold at the whole market's size (issue 65): `make bench-coverage`, on demand, after
 * `make bench-audit` (its stores of AUDIT_STOCKS × AUDIT_YEARS, 5,500 × 20 by default, on SQLite and MariaDB:
 * securities, calendar, daily bars, factors, dividends, suspensions). For each store, the built server
 * (`npm start`'s flags) is started COVERAGE_STARTS times and asked once, its first request, in two states:
 *  - `counted`: no counts kept (as before they were), the request counts every table;
 *  - `kept`: the counts kept by the last load (`countCoverage`, as `ashare import|sync|update` and each
 *    scheduled update leave them), the request reads them.
 * Target: `kept` ≤ 300 ms. Results: bench/results/coverage-<dialect>.json. COVERAGE_DIALECTS=sqlite,mysql.
 */
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { countCoverage } from '../src/modules/freshness/coverage.service';
import { parseSchedule } from '../src/domain/time/syncSchedule';
import { freePort, round2 } from './support/reference';
import { BUILT_SERVER, prepareDatabase, START_FLAGS, startServerProcess } from './support/serverProcess';

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const NAME = `ashare_audit_${process.env.AUDIT_STOCKS ?? 5500}x${process.env.AUDIT_YEARS ?? 20}`;
const DIALECTS = (process.env.COVERAGE_DIALECTS ?? 'sqlite,mysql').split(',');
const STARTS = Number(process.env.COVERAGE_STARTS ?? 5);
const TARGET_MS = 300;
const KEY = `ak_bench_coverage_${'0123456789abcdef'.repeat(2)}`;
/**
 * No update schedule: the generated stores' calendar ends with their history, and a scheduled store whose
 * calendar does not reach today is not ready (/readyz).
 */
const SCHEDULE = '';

const urlOf = (dialect: string) =>
  dialect === 'sqlite' ? `sqlite://${join(tmpdir(), `${NAME}.sqlite`)}` : `${MYSQL}/${NAME}`;

/**
 * The first request of a server just started, STARTS times: milliseconds of each, or the status when it failed
 * (MariaDB counting 24 M rows passes the 2 s bound of a request's statements: 503).
 */
async function firstRequests(url: string, before: () => Promise<void>): Promise<Array<number | string>> {
  const times: Array<number | string> = [];
  for (let i = 0; i < STARTS; i++) {
    await before();
    const server = await startServerProcess(
      BUILT_SERVER,
      await freePort(),
      { DATABASE_URL: url, RESPONSE_CACHE: 'off' },
      START_FLAGS,
    );
    try {
      const started = performance.now();
      const response = await fetch(`${server.base}/v1/data/coverage`, { headers: { 'X-API-KEY': KEY } });
      await response.text();
      times.push(response.status === 200 ? round2(performance.now() - started) : `status ${response.status}`);
    } finally {
      await server.stop();
    }
  }
  return times;
}

for (const dialect of DIALECTS) {
  const url = urlOf(dialect);
  await prepareDatabase(url, KEY);
  const db = connect(url);
  const bars = Number((await db('daily_bars').count({ n: '*' }))[0]!.n);
  const clear = async () => void (await db('coverage_counts').delete());
  const counted = await firstRequests(url, clear);
  await clear();
  const started = performance.now();
  await countCoverage(db, { schedule: parseSchedule(SCHEDULE), minCoverage: 0.95 });
  const countSeconds = round2((performance.now() - started) / 1000);
  const kept = await firstRequests(url, async () => {});
  await db.destroy();
  const result = {
    database: dialect,
    store: NAME,
    bars,
    first_request_ms: { counted, kept },
    kept_max_ms: Math.max(...kept.map(Number)),
    count_after_load_seconds: countSeconds,
    target_ms: TARGET_MS,
    met: kept.every((ms) => typeof ms === 'number' && ms <= TARGET_MS),
    load_average_1m: round2(loadavg()[0]!),
    measured_at: new Date().toISOString(),
  };
  writeFileSync(`bench/results/coverage-${dialect}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
}
