/**
 * Financial statements under load: `node --import tsx bench/financials.ts`.
 *
 * Builds its own market-scale fixture (BENCH_SYMBOLS stocks × BENCH_QUARTERS quarterly reports of all three
 * statements, every tenth period restated once) in a fresh database (SQLite in the temp dir, or
 * BENCH_DATABASE_URL=mysql://…/db or sqlite://file, kept for the next run), then measures requests of
 * 10 symbols × 20 quarterly periods with autocannon, each scenario twice: `cached` cycles through
 * BENCH_POOL fixed symbol sets (after the warm-up every answer is in the response cache), `uncached` draws
 * 10 random symbols per request (the response cache misses; the database pages are warm). Figures go to
 * bench/results/financials-<dialect>.json. The server runs in a child process so the load generator does
 * not share its event loop; BENCH_PROFILE=<dir> writes its CPU profile.
 */
import { createServer } from 'node:http';
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { loadReferenceDataIfEmpty } from '../src/ingest/demo';
import { DEMO_EMAIL, ensureDemoKey } from '../src/modules/accounts/demoAccount.service';
import { removeSqliteFile } from './support/reference';

const SYMBOLS = Number(process.env.BENCH_SYMBOLS ?? 5000);
const QUARTERS = Number(process.env.BENCH_QUARTERS ?? 40);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2);
const POOL = Number(process.env.BENCH_POOL ?? 100);
const BATCH = 200;
/** Which of the six scenarios to run, e.g. `quarterly uncached` (make bench-all); all by default. */
const ONLY = process.env.BENCH_FINANCIALS_SCENARIOS?.split(',');

/** A small deterministic generator so every run measures the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

function quarterEnds(count: number): string[] {
  const ends: string[] = [];
  for (let year = 2024, q = 4; ends.length < count; q === 1 ? ((q = 4), year--) : q--) {
    ends.push(`${year}-${['03-31', '06-30', '09-30', '12-31'][q - 1]}`);
  }
  return ends;
}

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

async function numericColumns(db: Knex, table: string): Promise<string[]> {
  const key = new Set([
    'ts_code',
    'end_date',
    'report_type',
    'f_ann_date',
    'ann_date',
    'comp_type',
    'end_type',
    'update_flag',
  ]);
  return Object.keys(await db(table).columnInfo()).filter((column) => !key.has(column));
}

async function generate(db: Knex, codes: string[]): Promise<number> {
  const next = random(42);
  const ends = quarterEnds(QUARTERS);
  let rows = 0;
  for (const table of ['income_statements', 'balance_sheets', 'cash_flows']) {
    const columns = await numericColumns(db, table);
    let batch: Record<string, string | number>[] = [];
    const flush = async () => {
      if (batch.length > 0) await db(table).insert(batch);
      rows += batch.length;
      batch = [];
    };
    for (const ts_code of codes) {
      for (const [i, end_date] of ends.entries()) {
        const versions = i % 10 === 5 ? 2 : 1;
        for (let v = 0; v < versions; v++) {
          const f_ann_date = dayAfter(end_date, 30 + v * 365);
          const row: Record<string, string | number> = {
            ts_code,
            end_date,
            f_ann_date,
            ann_date: f_ann_date,
            report_type: 1,
            comp_type: 1,
            end_type: Number(end_date.slice(5, 7)) / 3,
            update_flag: 1,
          };
          for (const column of columns) row[column] = Math.round(next() * 1e12) / 100;
          batch.push(row);
          if (batch.length === BATCH) await flush();
        }
      }
    }
    await flush();
  }
  return rows;
}

async function main() {
  const url =
    process.env.BENCH_DATABASE_URL ?? `sqlite://${join(tmpdir(), `ashare_bench_financials_${process.pid}.sqlite`)}`;
  const dialect = url.startsWith('mysql://') ? 'mysql' : 'sqlite';
  const db = connect(url);
  await migrateLatest(db);
  await loadReferenceDataIfEmpty(db);
  const key = (await ensureDemoKey(db, 'ak_bench_financials'), 'ak_bench_financials');
  // An enterprise budget the load cannot exhaust, so the rate limiter is measured without answering 429.
  await db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000_000 });
  const codes = (await db('securities')
    .where({ kind: 'stock' })
    .orderBy('ts_code')
    .limit(SYMBOLS)
    .pluck('ts_code')) as string[];

  const started = Date.now();
  const reused = Boolean(await db('income_statements').first('ts_code'));
  const rows = reused
    ? 'reused'
    : `${await generate(db, codes)} statement rows in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  console.log(`fixture: ${codes.length} symbols × ${QUARTERS} quarters, ${rows} (${dialect})`);

  const server = fork(fileURLToPath(import.meta.url), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
    ],
    env: { ...process.env, BENCH_SERVE_URL: url },
  });
  const port = await new Promise<number>((resolve) => server.once('message', (message) => resolve(message as number)));
  const base = `http://127.0.0.1:${port}`;

  const pick = random(7);
  const tenSymbols = () => Array.from({ length: 10 }, () => codes[Math.floor(pick() * codes.length)]).join(',');
  const pool = Array.from({ length: POOL }, tenSymbols);
  let turn = 0;
  const symbolSets = { cached: () => pool[turn++ % pool.length]!, uncached: tenSymbols };
  const scenarios = {
    quarterly: (symbols: string) => `/v1/financials/income-statement?symbol=${symbols}&period=quarterly&limit=20`,
    ttm: (symbols: string) => `/v1/financials/income-statement?symbol=${symbols}&period=ttm&limit=20`,
    metrics: (symbols: string) => `/v1/financials/financial-metrics?symbol=${symbols}&period=quarterly&limit=20`,
  };
  const results: Record<string, unknown> = {};
  for (const [scenario, path] of Object.entries(scenarios))
    for (const [mode, symbols] of Object.entries(symbolSets)) {
      const name = `${scenario} ${mode}`;
      if (ONLY && !ONLY.includes(name)) continue;
      const run = (duration: number) =>
        autocannon({
          url: base,
          connections: CONNECTIONS,
          duration,
          headers: { 'x-api-key': key },
          requests: [{ setupRequest: (request) => ({ ...request, path: path(symbols()) }) }],
        });
      await run(3); // warm-up: JIT, connection pool, page cache
      const result = await run(DURATION);
      results[name] = {
        load_average_1m: Number(loadavg()[0]!.toFixed(2)),
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        rps: result.requests.average,
        latency_ms: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
      };
      console.log(
        `${name}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, load ${loadavg()[0]!.toFixed(2)}`,
      );
    }

  const report = {
    scenario: `10 symbols × 20 periods per request, 3 s warm-up each; cached: ${POOL} fixed symbol sets in turn, uncached: random symbols`,
    cpus: availableParallelism(),
    dialect,
    load_average_1m_at_end: Number(loadavg()[0]!.toFixed(2)),
    symbols: codes.length,
    quarters: QUARTERS,
    connections: CONNECTIONS,
    seconds: DURATION,
    results,
  };
  mkdirSync(new URL('results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`results/financials-${dialect}.json`, import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  server.kill();
  await db.destroy();
  if (!process.env.BENCH_DATABASE_URL) removeSqliteFile(url.slice('sqlite://'.length));
}

/** The child process: the app on the bench database, its port reported to the parent. */
async function serve(url: string) {
  const db = connect(url);
  const app = createApp({ db, logger: pino({ level: 'silent' }), validateResponses: false });
  const server = createServer(app.classes, app.listener).listen(0, '127.0.0.1', () =>
    process.send!((server.address() as AddressInfo).port),
  );
  process.on('SIGTERM', () => process.exit(0)); // a normal exit, so --cpu-prof (BENCH_PROFILE=dir) writes its profile
}

await (process.env.BENCH_SERVE_URL ? serve(process.env.BENCH_SERVE_URL) : main());
