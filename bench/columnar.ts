/**
 * Parquet and Arrow (issue 52): `make bench-columnar`.
 *
 * 1. The whole market of a day (`/v1/market/cross-section`) as JSON, CSV, Parquet and Arrow: the bytes, the cold
 *    p50/p99 (answer cache off, BENCH_COLD_REQUESTS days, the four forms in turn each day, after an untimed pass
 *    that warms the database's caches), the warm p99 (answer cache on, the same day again) and the server's CPU per
 *    cold request (/proc/<pid>/stat). Store: BENCH_STOCKS (5,500) generated stocks × 1 year of bars, factors and
 *    valuations (bench/support/generateMarket.ts), a SQLite file in the temp dir kept between runs. Targets: the
 *    Parquet day ≤ 40 % of the CSV's bytes; the cold p99 of Parquet and of Arrow ≤ 1.2 × the CSV's.
 * 2. The flat-file export (`npm run ashare -- export`, the build, its own process) of BENCH_EXPORT_STOCKS (5,500) × BENCH_EXPORT_YEARS
 *    (20) years of daily bars: rows/s and the process's peak RSS (sampled every 20 ms); targets ≥ 200,000 rows/s,
 *    ≤ 300 MB. DuckDB then reads the export as one table, compared with the store row by row (every column of every
 *    row). BENCH_EXPORT_STOCKS=500 BENCH_EXPORT_YEARS=10 is the issue's exact check; each size keeps its own entry.
 * 3. The same four forms of a real day, the demo's whole market of 2025-04-03 (db/demo, 5,393 rows), asked
 *    BENCH_COLD_REQUESTS times (`real_day`): real prices and shares compress worse than generated ones.
 * BENCH_PARTS=day, real or export runs one (the others keep their figures). Results: bench/results/columnar.json.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { connect } from '../src/db/connection';
import { DAILY_BAR_COLUMNS, type DailyBarColumn } from '../src/domain/tables/dailyBarColumns';
import { migrateLatest } from '../src/db/migrate';
import { loadDemoDataIfEmpty } from '../src/ingest/demo';
import { cpuMs } from './support/processStats';
import { cliRun } from './support/cliRun';
import { GENERATED_LAST_DAY, generatedSqliteStore, sessionsOf } from './support/generatedSqliteStore';
import { freePort, round2 } from './support/reference';
import { prepareDatabase, START_FLAGS, startServerProcess, type ServerProcess } from './support/serverProcess';
import { percentile, timed } from './support/timedRequests';

const STOCKS = Number(process.env.BENCH_STOCKS ?? 5500);
const EXPORT_STOCKS = Number(process.env.BENCH_EXPORT_STOCKS ?? 5500);
const EXPORT_YEARS = Number(process.env.BENCH_EXPORT_YEARS ?? 20);
const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 100);
const WARM_REQUESTS = 200;
const LAST_DAY = GENERATED_LAST_DAY;
const KEY = `ak_bench_columnar_${'0123456789abcdef'.repeat(2)}`;
const FORMATS = ['json', 'csv', 'parquet', 'arrow'] as const;
const TARGETS = { parquetBytesOfCsv: 0.4, coldP99OfCsv: 1.2, exportRowsPerSec: 200_000, exportPeakRssMb: 300 };

const serve = async (url: string, cache: boolean): Promise<ServerProcess> =>
  startServerProcess(
    'src/main.ts',
    await freePort(),
    { DATABASE_URL: url, DEMO_DATA: 'off', RESPONSE_CACHE: cache ? 'on' : 'off' },
    START_FLAGS,
  );

const pathOf = (day: string, format: string) =>
  `/v1/market/cross-section?date=${day}${format === 'json' ? '' : `&format=${format}`}`;

/** The whole market of `days` (a store's last sessions, or one real day asked again and again) in the four forms. */
async function wholeMarketDay(url: string, daysOf: (db: ReturnType<typeof connect>) => Promise<string[]>) {
  await prepareDatabase(url, KEY);
  const db = connect(url);
  const days = await daysOf(db);
  await db.destroy();
  const headers = { 'X-API-KEY': KEY };
  const results: Record<string, object> = {};
  const cold = await serve(url, false);
  try {
    await timed(
      cold.base,
      days.map((day) => pathOf(day, 'csv')),
      headers,
    );
    // The forms in turn, day by day: a pause of the machine falls on all of them alike.
    const times = new Map(FORMATS.map((format) => [format, { ms: [] as number[], cpuMs: 0, bytes: 0 }]));
    for (const day of days)
      for (const format of FORMATS) {
        const measured = times.get(format)!;
        const before = cpuMs(cold.child.pid!);
        const { p50_ms, bytes } = await timed(cold.base, [pathOf(day, format)], headers);
        measured.cpuMs += cpuMs(cold.child.pid!) - before;
        measured.ms.push(p50_ms);
        measured.bytes = bytes;
      }
    for (const [format, { ms, cpuMs: cpu, bytes }] of times) {
      const sorted = ms.sort((a, b) => a - b);
      results[format] = {
        bytes,
        cold_p50_ms: percentile(sorted, 50),
        cold_p99_ms: percentile(sorted, 99),
        server_cpu_ms_per_request: round2(cpu / days.length),
      };
    }
  } finally {
    await cold.stop();
  }
  const warm = await serve(url, true);
  try {
    for (const format of FORMATS) {
      const path = pathOf(days.at(-1)!, format);
      const { p50_ms, p99_ms } = await timed(
        warm.base,
        Array.from({ length: WARM_REQUESTS }, () => path),
        headers,
      );
      Object.assign(results[format]!, { warm_p50_ms: p50_ms, warm_p99_ms: p99_ms });
    }
  } finally {
    await warm.stop();
  }
  return results as Record<(typeof FORMATS)[number], { bytes: number; cold_p99_ms: number }>;
}

/** `ashare export` of every session of the store's daily bars, in a process of its own; its summary and peak RSS. */
async function exportRun(url: string, out: string) {
  const run = await cliRun(
    url,
    ['export', '--datasets', 'daily', '--since', '1990-01-01', '--until', LAST_DAY, '--out', out],
    'export:',
  );
  const rows = Number(/(\d+) rows in/.exec(run.summary)![1]);
  return { ...run, rows, rows_per_sec: Math.round(rows / run.seconds) };
}

/**
 * An exported cell against the stored one: the day as text, a number the store keeps in other units (amount in
 * yuan, Tushare's in thousands) back in the store's to within rounding, every other cell exactly.
 */
function sameCell(name: string, exported: unknown, stored: unknown): boolean {
  if (name === 'trade_date') return String(stored).slice(0, 10) === exported;
  const power = DAILY_BAR_COLUMNS[name as DailyBarColumn] ?? 0;
  if (power === 0 || exported == null || stored == null) return (stored ?? null) === (exported ?? null);
  return Math.abs(Number(exported) * 10 ** power - Number(stored)) <= 1e-9 * Math.abs(Number(stored));
}

/**
 * The export read by DuckDB as one table against the store, row by row: both in (trade_date, ts_code) order, every
 * column of every row equal (numbers as doubles, the day as text), and the count of rows and of codes.
 */
async function compareWithStore(url: string, out: string) {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const parquet = `read_parquet('${out}/daily/**/*.parquet', hive_partitioning = true)`;
  const columns = (await connection.runAndReadAll(`SELECT * FROM ${parquet} LIMIT 0`)).columnNames();
  const [exported] = (
    await connection.runAndReadAll(`SELECT count(*) AS rows, count(DISTINCT ts_code) AS codes FROM ${parquet}`)
  ).getRowObjectsJson();
  const exportedRows = (
    await connection.stream(
      `SELECT ${columns.map((name) => (name === 'trade_date' ? "strftime(trade_date, '%Y-%m-%d')" : name)).join(', ')} FROM ${parquet} ORDER BY trade_date, ts_code`,
    )
  ).yieldRowsJs();
  const db = connect(url);
  // The store a session at a time (Knex's stream of SQLite reads every row into memory first).
  const days = await sessionsOf(db);
  async function* storedRows() {
    for (const day of days) yield* await db('daily_bars').where('trade_date', day).select(columns).orderBy('ts_code');
  }
  let [compared, mismatches] = [0, 0];
  let firstMismatch: unknown = null;
  const storedIterator = storedRows();
  for await (const batch of exportedRows)
    for (const row of batch) {
      const next = await storedIterator.next();
      const stored = next.done ? [] : columns.map((name) => (next.value as Record<string, unknown>)[name]);
      const same = columns.every((name, i) => sameCell(name, row[i], stored[i]));
      compared += 1;
      if (!same && mismatches++ === 0) firstMismatch = { exported: row, stored };
    }
  const storedLeft = (await storedIterator.next()).done ? 0 : 1;
  const stored = await db('daily_bars').first(db.raw('count(*) as rows, count(distinct ts_code) as codes'));
  await db.destroy();
  connection.closeSync();
  return {
    columns,
    duckdb: { rows: Number(exported!.rows), codes: Number(exported!.codes) },
    store: { rows: Number(stored.rows), codes: Number(stored.codes) },
    rows_compared: compared,
    mismatches: mismatches + storedLeft,
    first_mismatch: firstMismatch,
    same: mismatches + storedLeft === 0 && compared === Number(stored.rows),
  };
}

const PARTS = (process.env.BENCH_PARTS ?? 'day,real,export').split(',');
const REAL_DAY = '2025-04-03';
const RESULTS = 'bench/results/columnar.json';
// A part not run keeps its figures of the last run.
const results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
if (PARTS.includes('day')) {
  const day = await wholeMarketDay(
    await generatedSqliteStore(`ashare_bench_columnar_${STOCKS}x1`, STOCKS, 1, true),
    async (db) => (await sessionsOf(db)).slice(-COLD_REQUESTS),
  );
  Object.assign(results, {
    stocks: STOCKS,
    load_average: loadavg().map(round2),
    targets: TARGETS,
    whole_market_day: day,
    parquet_bytes_of_csv: round2(day.parquet.bytes / day.csv.bytes),
    cold_p99_of_csv: {
      parquet: round2(day.parquet.cold_p99_ms / day.csv.cold_p99_ms),
      arrow: round2(day.arrow.cold_p99_ms / day.csv.cold_p99_ms),
    },
  });
}
if (PARTS.includes('real')) {
  // The demo's real rows: every A-share on 2025-04-03 (db/demo), which compress worse than generated ones.
  const url = `sqlite://${join(tmpdir(), 'ashare_bench_columnar_demo.sqlite')}`;
  const db = connect(url);
  await migrateLatest(db);
  await loadDemoDataIfEmpty(db);
  await db.destroy();
  const day = await wholeMarketDay(url, async () => Array.from({ length: COLD_REQUESTS }, () => REAL_DAY));
  results.real_day = {
    date: REAL_DAY,
    load_average: loadavg().map(round2),
    whole_market_day: day,
    parquet_bytes_of_csv: round2(day.parquet.bytes / day.csv.bytes),
    cold_p99_of_csv: {
      parquet: round2(day.parquet.cold_p99_ms / day.csv.cold_p99_ms),
      arrow: round2(day.arrow.cold_p99_ms / day.csv.cold_p99_ms),
    },
  };
}
if (PARTS.includes('export')) {
  const url = await generatedSqliteStore(
    `ashare_bench_export_${EXPORT_STOCKS}x${EXPORT_YEARS}`,
    EXPORT_STOCKS,
    EXPORT_YEARS,
    false,
  );
  const out = mkdtempSync(join(tmpdir(), 'ashare-bench-export-'));
  const first = await exportRun(url, out);
  const rerun = await exportRun(url, out);
  const comparison = await compareWithStore(url, out);
  rmSync(out, { recursive: true, force: true });
  // One entry a store's size: the 20-year rate and the 500 × 10 exact check (issue 52) kept side by side.
  results.exports = { ...results.exports };
  results.exports[`${EXPORT_STOCKS}x${EXPORT_YEARS}`] = {
    stocks: EXPORT_STOCKS,
    years: EXPORT_YEARS,
    load_average: loadavg().map(round2),
    first,
    rerun,
    comparison,
  };
}
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
