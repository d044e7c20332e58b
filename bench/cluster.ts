/**
 * Throughput of `npm run start:cluster` (one worker per core) against one process, same mixed scenario, same
 * run, same database: autocannon on loopback, 20 connections, BENCH_SECONDS (20) each. The cluster gets Redis
 * (REDIS_URL, default the local one) for its shared rate budget, as in production; the single process runs
 * without it, as a lone instance may. Results: bench/results/cluster.json. DATABASE_URL picks the database
 * (default: a fresh SQLite file, demo data loaded on first start).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { prepareDatabase, startServerProcess } from './support/serverProcess';
import { summarize, type Summary } from './support/summary';
import { removeSqliteFile } from './support/reference';

const dbFile = join(tmpdir(), `ashare-bench-cluster-${process.pid}.sqlite`);
const databaseUrl = process.env.DATABASE_URL ?? `sqlite://${dbFile}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const key = `ak_bench_${process.pid}_0123456789abcdef`;

/** Reference, market and financial reads, cached and not, as a client mix. */
const requests = [
  '/v1/stock/basic-info?symbol=600519',
  '/v1/stock/search?keyword=PAYH',
  '/v1/market/daily?symbol=000001.SZ&begin_date=2024-01-01&end_date=2024-06-30',
  '/v1/market/klines?symbol=000002.SZ&interval=weekly',
  '/v1/financials/income-statement?symbol=600519',
].map((path) => ({ method: 'GET' as const, path }));

async function measure(name: string, base: string): Promise<Summary> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url: base, connections: 20, duration: seconds, headers: { 'X-API-KEY': key }, requests };
    autocannon(options, (err, done) => (err ? reject(err) : resolve(done)));
  });
  return summarize(name, 20, result);
}

await prepareDatabase(databaseUrl, key);
const env = { DATABASE_URL: databaseUrl, DEMO_API_KEY: key };
const results: Summary[] = [];
try {
  const single = await startServerProcess('src/main.ts', 18500 + (process.pid % 400), env);
  results.push(await measure('one process', single.base));
  await single.stop();
  const workers = Number(process.env.WEB_CONCURRENCY) || availableParallelism();
  const clustered = await startServerProcess('src/cluster.ts', 18500 + (process.pid % 400), {
    ...env,
    REDIS_URL: redisUrl,
    WEB_CONCURRENCY: String(workers),
  });
  // The first worker is ready before the others: give them time to start.
  await new Promise((resolve) => setTimeout(resolve, 8000));
  results.push(await measure(`cluster, ${workers} workers`, clustered.base));
  await clustered.stop();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/cluster.json',
    `${JSON.stringify({ date: new Date().toISOString(), cores: availableParallelism(), seconds, databaseUrl: databaseUrl.replace(/\/\/[^@]*@/, '//'), results }, null, 2)}\n`,
  );
} finally {
  removeSqliteFile(dbFile);
}
