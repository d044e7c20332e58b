/**
 * Market benchmark (issue 4). The real server in its own process, autocannon on loopback, run in turn:
 *
 *  A. one symbol, default window, warm (response cache on), 32 connections — beside it, the same bytes
 *     from a bare Express 5 + helmet app and a bare node:http server, alternating rounds (support/reference.ts);
 *  B. 50 symbols × 3 years (about 36,000 bars), one connection: p50/p99 and the server's RSS growth, cold
 *     (cache off) and warm;
 *  C. cold single-symbol latency with 1 year and with 10 years of data in the table.
 *
 * Data: DATABASE_URL (a loaded database, e.g. the market-scale bundle) serves A, B and the 10-year side of
 * C; DATABASE_URL_1Y the 1-year side. Without them, MySQL/MariaDB databases `ashare_bench_10y` and
 * `ashare_bench_1y` (prefix BENCH_DB_PREFIX) on BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306) are created and filled with synthetic
 * bars for BENCH_STOCKS stocks (default 1000) on first use. Results: bench/results/market.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { addDays, addYears } from '../src/domain/time/calendar';
import { loadReferenceDataIfEmpty } from '../src/ingest/demo';
import { DEMO_EMAIL } from '../src/modules/accounts/demoAccount.service';
import { generateMarket } from './support/generateMarket';
import { compareWithReference } from './support/reference';
import { START_FLAGS } from './support/serverProcess';
import { summarize, type Summary } from './support/summary';

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const STOCKS = Number(process.env.BENCH_STOCKS ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PREFIX = process.env.BENCH_DB_PREFIX ?? 'ashare_bench';
const LAST_DAY = '2025-12-31';
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'A,B,C').split(','));
const KEY = `ak_bench_market_${'0123456789abcdef'.repeat(2)}`;

async function prepareDatabase(name: string, years: number): Promise<string> {
  const admin = connect(`${MYSQL}/`);
  await admin.raw(`create database if not exists ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
  await admin.destroy();
  const url = `${MYSQL}/${name}`;
  const db = connect(url);
  try {
    await migrateLatest(db);
    if (!(await db('daily_bars').first('ts_code'))) {
      const started = Date.now();
      await loadReferenceDataIfEmpty(db);
      const { bars } = await generateMarket(db, STOCKS, years, LAST_DAY);
      console.log(
        `${name}: generated ${bars} bars for ${STOCKS} stocks × ${years} years in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await db.destroy();
  }
  return url;
}

async function symbolsOf(url: string, count: number): Promise<string[]> {
  const db = connect(url);
  try {
    const latest = await db('daily_bars').max({ day: 'trade_date' }).first();
    return (
      await db('daily_bars').where('trade_date', latest!.day).orderBy('ts_code').limit(count).pluck('ts_code')
    ).map(String);
  } finally {
    await db.destroy();
  }
}

interface Running {
  base: string;
  child: ChildProcess;
  stop(): void;
}

async function waitUntilUp(base: string, path: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(base + path)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${base} did not start`);
}

async function start(
  args: string[],
  env: Record<string, string>,
  probe: string,
  flags: string[] = [],
): Promise<Running> {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(base, probe);
  return { base, child, stop: () => child.kill('SIGTERM') };
}

/**
 * The real server; logging at info (one JSON line per request, to /dev/null) as in production. The demo
 * account (enterprise) gets a budget the load cannot exhaust, as an enterprise contract would set it, so
 * the rate limiter is measured without answering 429.
 */
async function startApi(databaseUrl: string, cache: boolean): Promise<Running> {
  const api = await start(
    ['src/main.ts'],
    {
      DATABASE_URL: databaseUrl,
      DEMO_API_KEY: KEY,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
      RESPONSE_CACHE: cache ? 'on' : 'off',
    },
    '/healthz',
    START_FLAGS,
  );
  const db = connect(databaseUrl);
  await db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000_000 });
  await db.destroy();
  return api;
}

function memoryKb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function cannon(
  scenario: string,
  base: string,
  paths: string[],
  connections: number,
  duration = DURATION,
): Promise<Summary> {
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        headers: { 'X-API-KEY': KEY },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
      },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
  });
  return summarize(scenario, connections, result);
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  duration_s: DURATION,
  cpus: cpus().length,
  load_average_at_start: loadavg(),
};
const url10 = process.env.DATABASE_URL ?? (await prepareDatabase(`${PREFIX}_10y`, 10));
const url1 =
  process.env.DATABASE_URL_1Y ?? (process.env.DATABASE_URL ? null : await prepareDatabase(`${PREFIX}_1y`, 1));
const symbols = await symbolsOf(url10, 50);
const one = `/v1/market/daily?symbol=${symbols[0]}`;

// A. one symbol, default window, warm, beside bare Express and bare node:http sending the same bytes.
if (SCENARIOS.has('A')) {
  const api = await startApi(url10, true);
  try {
    results.A = await compareWithReference({
      scenario: 'A: one symbol, default window, warm',
      project: api,
      path: one,
      headers: { 'X-API-KEY': KEY },
      seconds: DURATION,
    });
  } finally {
    api.stop();
  }
}

// B. 50 symbols × 3 years, one connection (requests in turn): latency and RSS growth, cold (cache off:
// every answer built) and warm.
if (SCENARIOS.has('B')) {
  const begin = addDays(addYears(LAST_DAY, -3), 1);
  const path = `/v1/market/daily?symbol=${symbols.join(',')}&begin_date=${begin}&end_date=${LAST_DAY}&limit=1000`;
  const entry: Record<string, unknown> = {};
  for (const cache of [false, true]) {
    const api = await startApi(url10, cache);
    try {
      const probe = await (await fetch(api.base + path, { headers: { 'X-API-KEY': KEY } })).json();
      entry.bars = (probe.data as Array<{ daily: unknown[] }>).reduce((sum, series) => sum + series.daily.length, 0);
      const before = memoryKb(api.child.pid!);
      const summary = await cannon(
        `B: 50 symbols × 3 years, ${cache ? 'warm' : 'cold (cache off)'}`,
        api.base,
        [path],
        1,
      );
      const after = memoryKb(api.child.pid!);
      entry[cache ? 'warm' : 'cold'] = {
        ...summary,
        rss_before_mb: before.rss / 1024,
        rss_peak_mb: after.peak / 1024,
        rss_growth_mb: (after.peak - before.rss) / 1024,
      };
    } finally {
      api.stop();
    }
  }
  results.B = entry;
}

// C. cold (response cache off) single-symbol latency, 1 year vs 10 years of data in the table, rotating
// over 50 symbols; one pass over the symbols first, so both sides start with the database's pages in memory.
if (url1 && SCENARIOS.has('C')) {
  const paths = symbols.map((symbol) => `/v1/market/daily?symbol=${symbol}`);
  const entry: Record<string, Summary> = {};
  for (const [label, url] of [
    ['1y', url1],
    ['10y', url10],
  ] as const) {
    const api = await startApi(url, false);
    try {
      for (const path of paths) await fetch(api.base + path, { headers: { 'X-API-KEY': KEY } });
      entry[label] = await cannon(`C: cold one symbol, ${label} in the table`, api.base, paths, 8);
    } finally {
      api.stop();
    }
  }
  results.C = {
    ...entry,
    p99_10y_over_1y: entry['10y']!.latency_p99_ms / entry['1y']!.latency_p99_ms,
    p50_10y_over_1y: entry['10y']!.latency_p50_ms / entry['1y']!.latency_p50_ms,
  };
}

results.load_average_at_end = loadavg();
results.data = {
  database: url10.replace(/\/\/[^@]*@/, '//'),
  one_year_database: url1?.replace(/\/\/[^@]*@/, '//') ?? null,
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/market.json', `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
