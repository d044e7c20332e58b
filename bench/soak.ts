/**
 * Soak: SOAK_MINUTES (10) of mixed traffic at a steady SOAK_RATE (50 requests/s) against one server process:
 * daily, search, basic-info, income and a few 4xx. Per minute: throughput, p50/p99, 2xx/4xx/other counts and
 * the server's RSS; RSS at start and end. Results: bench/results/soak.json. DATABASE_URL picks the database
 * (default: a fresh SQLite file with the demo data).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { rssMb } from './support/processStats';
import { prepareDatabase, startServerProcess } from './support/serverProcess';
import { removeSqliteFile } from './support/reference';

const dbFile = join(tmpdir(), `ashare-bench-soak-${process.pid}.sqlite`);
const databaseUrl = process.env.DATABASE_URL ?? `sqlite://${dbFile}`;
const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const rate = Number(process.env.SOAK_RATE ?? 50);
const key = `ak_bench_${process.pid}_0123456789abcdef`;

// Ranges vary by minute so part of the daily traffic misses the cache. 3 of 12 requests are 4xx by design: two
// 400s and a 404 no_data (the demo data has no March 2024 bars of 000002.SZ and 000004.SZ).
const requestsOf = (minute: number) =>
  [
    `/v1/market/daily?symbol=000001.SZ&begin_date=2024-01-01&end_date=2024-${String(1 + (minute % 12)).padStart(2, '0')}-28`,
    '/v1/market/daily?symbol=000002.SZ,000004.SZ&begin_date=2024-03-01&end_date=2024-03-31', // 404 no_data
    '/v1/stock/search?keyword=PAYH',
    `/v1/stock/search?keyword=${encodeURIComponent('平安')}`,
    '/v1/stock/basic-info?symbol=600519',
    '/v1/stock/basic-info?symbol=000001,000002,600036',
    '/v1/financials/income-statement?symbol=600519',
    '/v1/financials/income-statement?symbol=600519&period=quarterly&limit=8',
    '/v1/market/klines?symbol=000001.SZ&interval=weekly',
    '/v1/stock/basic-info?symbol=600519',
    '/v1/stock/basic-info?symbol=12345', // 400 invalid_symbol
    '/v1/market/daily?symbol=000001.SZ&begin_date=2024-13-01', // 400 invalid_date_format
  ].map((path) => ({ method: 'GET' as const, path }));

const roundedRssMb = (pid: number) => Math.round(rssMb(pid));

await prepareDatabase(databaseUrl, key);
const server = await startServerProcess('src/main.ts', 18900 + (process.pid % 90), {
  DATABASE_URL: databaseUrl,
  DEMO_API_KEY: key,
});
const pid = server.child.pid!;
const perMinute = [];
const rssStartMb = roundedRssMb(pid);
try {
  for (let minute = 0; minute < minutes; minute++) {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = {
        url: server.base,
        connections: 10,
        connectionRate: rate / 10,
        duration: 60,
        headers: { 'X-API-KEY': key },
        requests: requestsOf(minute),
      };
      autocannon(options, (err, done) => (err ? reject(err) : resolve(done)));
    });
    const row = {
      minute: minute + 1,
      requests_per_sec: result.requests.average,
      latency_p50_ms: result.latency.p50,
      latency_p99_ms: result.latency.p99,
      status_2xx: result['2xx'],
      status_4xx: result['4xx'],
      status_other: result['1xx'] + result['3xx'] + result['5xx'],
      errors: result.errors + result.timeouts,
      rss_mb: roundedRssMb(pid),
    };
    console.log(JSON.stringify(row));
    perMinute.push(row);
  }
  const summary = {
    date: new Date().toISOString(),
    databaseUrl: databaseUrl.replace(/\/\/[^@]*@/, '//'),
    minutes,
    rate,
    rss_start_mb: rssStartMb,
    rss_end_mb: roundedRssMb(pid),
    perMinute,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/soak${minutes < 10 ? `-${minutes}min` : ''}.json`,
    `${JSON.stringify(summary, null, 2)}\n`,
  );
} finally {
  await server.stop();
  removeSqliteFile(dbFile);
}
