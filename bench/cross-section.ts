/**
 * The whole market in one call (issue 21): `make bench-cross-section`, also part of `make bench-all`.
 *
 * Store: BENCH_STOCKS (5,000) generated stocks × BENCH_YEARS (3) years of daily bars, factors and daily_basic,
 * on MariaDB (database ashare_bench_xs_<stocks>x<years> on BENCH_MYSQL_URL) and SQLite (a file in the temp dir), both kept
 * between runs (generating takes minutes). The server runs `src/main.ts` in a process of its own.
 *
 *  1. cross-section of one day, cold (RESPONSE_CACHE=off), JSON and CSV: BENCH_COLD_REQUESTS requests over
 *     different days, one at a time, timed to the last byte, after a pass over the same days that reads each
 *     from the tables and stores it (stored_days emptied first; its figures are the first read of a day) and
 *     warms the database's caches, the answer cache off; target p99 ≤ 150 ms;
 *  2. the same, warm (answer cache on), against bare Express serving the same bytes, as bench/http.ts does
 *     for the warm daily path (target: a ratio at least the daily path's, bench/results/http-daily.json, up to
 *     parity: past it, the daily path's lead is bare Express's own cost per request, which the megabytes of a
 *     whole day, read by the client on the same cores, hide on both sides);
 *  3. valuation of 50 symbols × 3 years, the answer cache off: the first read of 20 sets of 50 securities (stored
 *     years emptied: read from the table and stored), then one set's windows from its stored years: target p99 ≤ 500 ms;
 *  4. the server's RSS growth while whole-market CSVs stream (sampled every 5 ms): target ≤ 20 MB;
 *  5. the day's state (issue 74): the cold JSON of (1) with the state fields a screen asks added to the default
 *     columns (`risk_warning,limit_move,limit_streak`: the day's suspended securities join as rows), against (1)
 *     without them: target p99 ≤ 1.2 × (1)'s; and with all eight, whose cost is their bytes (recorded beside,
 *     `states_bytes_ratio`). The store's states are written by one audit of the whole store the first time
 *     (timed and counted, `audit`);
 *  6. financial cross-sections of 5,000 stocks (income, balance sheet, cash flow and metrics, limit=6000), the answer
 *     cache off, on bench/financials.ts's fixture (5,000 stocks × 40 quarters, built by it on first use): the first
 *     read of each of 20 periods (stored_periods emptied: read from the tables and stored), then the stored periods:
 *     target p99 ≤ 500 ms, metrics ≤ 800 ms;
 * and the query plans of the cross-section (EXPLAIN). Results: bench/results/cross-section-<dialect>.json
 * and cross-section-explain-<dialect>.txt. BENCH_DIALECTS=mysql,sqlite picks the databases.
 *
 * BENCH_PROFILE=<label> (e.g. before, after) instead runs the cold routes and the financial cross-sections
 * under --cpu-prof and writes their summaries (bench/profile-summary.ts) to
 * bench/results/profile-cross-section-<dialect>-<label>.txt and profile-financials-<dialect>-<label>.txt;
 * a profiled server is slower, so no results file is written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SingleBar } from 'cli-progress';
import { connect, type Db } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { addDays, addYears } from '../src/domain/time/calendar';
import { loadReferenceDataIfEmpty } from '../src/ingest/demo';
import { runAudit } from '../src/audit/runAudit';
import { crossSectionQuery } from '../src/modules/market/crossSection.repository';
import { summarize } from './profile-summary';
import { rssMb } from './support/processStats';
import { generateMarket } from './support/generateMarket';
import { generateValuations } from './support/generateValuations';
import { compareWithReference, freePort, round2 } from './support/reference';
import { prepareDatabase, START_FLAGS, startServerProcess, type ServerProcess } from './support/serverProcess';
import { timed as timedRequests } from './support/timedRequests';

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const STOCKS = Number(process.env.BENCH_STOCKS ?? 5000);
const YEARS = Number(process.env.BENCH_YEARS ?? 3);
/**
 * Requests behind each p99 (BENCH_COLD_REQUESTS): the p99 of 40 requests, as this bench took before, is the
 * slowest of them, one pause of a busy machine; of 200 it is the third-slowest. Valuation windows and the
 * financial cross-sections take half as many (they are slower).
 */
const COLD_REQUESTS = Number(process.env.BENCH_COLD_REQUESTS ?? 200);
const SLOW_REQUESTS = Math.ceil(COLD_REQUESTS / 2);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'mysql,sqlite').split(',');
const LAST_DAY = '2025-12-31';
const KEY = `ak_bench_xsection_${'0123456789abcdef'.repeat(2)}`;
const TARGETS = {
  coldP99Ms: 150,
  valuationP99Ms: 500,
  rssGrowthMb: 20,
  financialMs: 500,
  financialMetricsMs: 800,
  statesCostRatio: 1.2,
};
const SCREEN_STATE_FIELDS = 'risk_warning,limit_move,limit_streak';
const STATE_FIELDS = `${SCREEN_STATE_FIELDS},limit_up,limit_down,limit_source,listing_session,suspended`;
const PROFILE = process.env.BENCH_PROFILE;

/**
 * MariaDB's buffer pool for the run, MiB (BENCH_MYSQL_BUFFER_POOL_MB): the store is 2.3 GB and the statements
 * 350 MB, and the server's default 128 MiB held a twentieth of them, so the default measured the disk. A
 * production server is given a pool that holds its working set (docs/operations.md, "Database caches").
 */
const BUFFER_POOL_MB = Number(process.env.BENCH_MYSQL_BUFFER_POOL_MB ?? 4096);

async function databaseUrl(dialect: string, name: string): Promise<string> {
  if (dialect === 'sqlite') return `sqlite://${join(tmpdir(), `${name}.sqlite`)}`;
  const admin = connect(`${MYSQL}/`);
  await admin.raw(`create database if not exists ${name} character set utf8mb4 collate utf8mb4_unicode_ci`);
  await admin.raw(`set global innodb_buffer_pool_size = ${BUFFER_POOL_MB * 1024 * 1024}`);
  await admin.destroy();
  return `${MYSQL}/${name}`;
}

/** The audit that wrote the store's day states, when this run did: its time and the states written. */
let audited: { seconds: number; day_states: number; bars: number } | null = null;

/**
 * The generated store, made on first use: bars and factors (bench/support/generateMarket.ts), then a valuation per
 * bar; then, once, its day states (one audit of the whole store).
 */
async function prepareStore(url: string): Promise<string[]> {
  const db = connect(url);
  try {
    await fillStore(db);
    if (!(await db('day_states').first('ts_code'))) {
      const started = Date.now();
      console.log('auditing the store: its day states…');
      const summary = await runAudit(db, { computedLimits: 'recent' });
      const rows = Number((await db('day_states').count({ rows: '*' }).first())?.rows ?? 0);
      audited = {
        seconds: Math.round((Date.now() - started) / 100) / 10,
        day_states: Number(rows),
        bars: summary.bars,
      };
      console.log(`audited ${summary.bars} bars in ${audited.seconds} s: ${rows} day states`);
    }
    return (await db('daily_bars').distinct('trade_date').orderBy('trade_date', 'desc').limit(250)).map(
      (row: { trade_date: string }) => String(row.trade_date),
    );
  } finally {
    await db.destroy();
  }
}

/** Bars, factors and valuations, generated when the store has none. */
async function fillStore(db: Db): Promise<void> {
  await migrateLatest(db);
  if (!(await db('daily_basic').first('ts_code'))) {
    await loadReferenceDataIfEmpty(db);
    const started = Date.now();
    console.log(`generating ${STOCKS} stocks × ${YEARS} years of bars and factors…`);
    await generateMarket(db, STOCKS, YEARS, LAST_DAY);
    const days: string[] = (await db('daily_bars').distinct('trade_date').orderBy('trade_date')).map(
      (row: { trade_date: string }) => String(row.trade_date),
    );
    const bar = new SingleBar({ format: 'daily_basic {bar} {value}/{total} days' });
    bar.start(days.length, 0);
    const rows = await generateValuations(db, days, (done) => bar.update(done));
    bar.stop();
    console.log(`generated ${rows} valuations in ${Math.round((Date.now() - started) / 1000)} s`);
  }
}

/** Empties stored days, periods or valuation years: each is then read from the tables once more. */
async function forgetStored(
  url: string,
  table: 'stored_days' | 'stored_periods' | 'stored_valuation_years',
): Promise<void> {
  const db = connect(url);
  try {
    await db(table).del();
  } finally {
    await db.destroy();
  }
}

/** Requests one at a time, each timed to its last byte: p50, p99, the body size and its rows. */
async function timed(
  base: string,
  paths: string[],
): Promise<{ p50_ms: number; p99_ms: number; bytes: number; rows: number }> {
  const { p50_ms, p99_ms, bytes, body } = await timedRequests(base, paths, { 'X-API-KEY': KEY });
  return {
    p50_ms,
    p99_ms,
    bytes,
    rows: body.startsWith('{') ? (JSON.parse(body).data.securities?.length ?? 0) : body.split('\n').length - 2,
  };
}

/** The server's RSS growth over its settled RSS while `count` whole-market CSVs stream one after another. */
async function rssGrowthWhileStreaming(
  server: ServerProcess,
  path: string,
  count: number,
): Promise<{ before_mb: number; peak_mb: number; growth_mb: number }> {
  await timed(server.base, [path]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = rssMb(server.child.pid!);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid!))), 5);
  await timed(
    server.base,
    Array.from({ length: count }, () => path),
  );
  clearInterval(sampler);
  return { before_mb: round2(before), peak_mb: round2(peak), growth_mb: round2(peak - before) };
}

type Timed = Awaited<ReturnType<typeof timed>>;
interface Measured {
  first_read_csv: Timed;
  cold_json: Timed;
  cold_csv: Timed;
  cold_json_with_screen_states: Timed;
  cold_json_with_states: Timed;
  valuation_first_read: Timed;
  valuation_50x3y: Timed;
  rss_while_streaming_csv: Awaited<ReturnType<typeof rssGrowthWhileStreaming>>;
}

const profileDir = (name: string) => join('bench/results/profile', name);

/** The server; under BENCH_PROFILE a cold one writes its CPU profile to profileDir(`profiled`) when it stops. */
async function serve(url: string, cache: boolean, profiled?: string): Promise<ServerProcess> {
  const flags =
    PROFILE && profiled ? [...START_FLAGS, '--cpu-prof', '--cpu-prof-dir', profileDir(profiled)] : START_FLAGS;
  return startServerProcess(
    'src/main.ts',
    await freePort(),
    { DATABASE_URL: url, DEMO_DATA: 'off', RESPONSE_CACHE: cache ? 'on' : 'off' },
    flags,
  );
}

/** The largest profile written to profileDir(name), summarized into bench/results/profile-<name>-<label>.txt. */
function keepProfileSummary(name: string): void {
  const dir = profileDir(name);
  const [largest] = readdirSync(dir)
    .map((file) => join(dir, file))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  writeFileSync(
    `bench/results/profile-${name}-${PROFILE}.txt`,
    summarize(JSON.parse(readFileSync(largest!, 'utf8')), 40),
  );
  rmSync(dir, { recursive: true, force: true });
  console.log(`bench/results/profile-${name}-${PROFILE}.txt`);
}

type FinancialFigures =
  | { first_read: { p50_ms: number; p99_ms: number }; p50_ms: number; p99_ms: number; companies: number }
  | { error: string };

/** The fixture's quarter ends read first, newest first: 20 of its 40 (bench/financials.ts). */
const FIRST_READ_PERIODS = Array.from({ length: 20 }, (_, i) => {
  const year = 2024 - Math.floor(i / 4);
  return `${year}-${['12-31', '09-30', '06-30', '03-31'][i % 4]}`;
});

async function financialCrossSection(dialect: string): Promise<Record<string, FinancialFigures>> {
  // bench-all's fixture at full size; a smaller run builds its own.
  const url = await databaseUrl(
    dialect,
    STOCKS === 5000 ? 'ashare_bench_financials' : `ashare_bench_financials_${STOCKS}`,
  );
  const db = connect(url);
  const built = await migrateLatest(db).then(() => db('income_statements').first('ts_code'));
  await db.destroy();
  if (!built)
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/financials.ts'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        BENCH_DATABASE_URL: url,
        BENCH_SYMBOLS: String(STOCKS),
        BENCH_FINANCIALS_SCENARIOS: 'quarterly uncached',
        BENCH_PROFILE: '',
      },
    });
  await prepareDatabase(url, KEY);
  const server = await serve(url, false, `financials-${dialect}`);
  try {
    const figures: Record<string, FinancialFigures> = {};
    for (const statement of ['income', 'balance-sheet', 'cash-flow', 'financial-metrics']) {
      const pathOf = (date: string) =>
        `/v1/financials/cross-section?statement=${statement}&report_date=${date}&limit=6000`;
      const paths = ['2024-09-30', '2024-06-30', '2024-03-31', '2023-12-31', '2023-09-30'].map(pathOf);
      try {
        // JIT and the pool; then each period read from the tables and stored as it is answered (stored_periods
        // emptied first); then the stored periods, as a store keeps them once read.
        await timed(server.base, paths.slice(0, 1));
        await forgetStored(url, 'stored_periods');
        const firstRead = await timed(server.base, FIRST_READ_PERIODS.map(pathOf));
        const result = await timed(
          server.base,
          Array.from({ length: SLOW_REQUESTS }, (_, i) => paths[i % paths.length]!),
        );
        const companies = (await (await fetch(`${server.base}${paths[0]}`, { headers: { 'X-API-KEY': KEY } })).json())
          .data.length;
        const first_read = { p50_ms: firstRead.p50_ms, p99_ms: firstRead.p99_ms };
        figures[statement] = { first_read, p50_ms: result.p50_ms, p99_ms: result.p99_ms, companies };
        console.log(
          `financial cross-section ${statement} (${dialect}): ${companies} companies, first read p50 ${first_read.p50_ms} ms, p99 ${first_read.p99_ms} ms; stored p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms`,
        );
      } catch (failure) {
        // A request past the statement timeout (DB_QUERY_TIMEOUT_MS) answers 503: recorded as the figure it is.
        figures[statement] = { error: (failure as Error).message.slice(0, 300) };
        console.log(`financial cross-section ${statement} (${dialect}): ${(failure as Error).message.slice(0, 200)}`);
      }
    }
    return figures;
  } finally {
    await server.stop();
    if (PROFILE) keepProfileSummary(`financials-${dialect}`);
  }
}

async function run(dialect: string): Promise<void> {
  const url = await databaseUrl(dialect, `ashare_bench_xs_${STOCKS}x${YEARS}`);
  const days = await prepareStore(url);
  await prepareDatabase(url, KEY);
  const coldDays = Array.from({ length: COLD_REQUESTS }, (_, i) => days[i % days.length]!);
  const cold = await serve(url, false, `cross-section-${dialect}`);
  let figures: Measured;
  try {
    // JIT and the pool; then a pass over the days with none of them stored (stored_days emptied): each read
    // from the tables and stored as it is answered (first_read_csv); both forms then find the days stored, and
    // the database's caches as a production server keeps them (docs/operations.md, "Database caches"): only
    // the answer cache is off.
    await forgetStored(url, 'stored_days');
    await timed(cold.base, [`/v1/market/cross-section?date=${days.at(-1)}`]);
    const firstRead = await timed(
      cold.base,
      coldDays.map((day) => `/v1/market/cross-section?date=${day}&format=csv`),
    );
    const json = await timed(
      cold.base,
      coldDays.map((day) => `/v1/market/cross-section?date=${day}`),
    );
    const csv = await timed(
      cold.base,
      coldDays.map((day) => `/v1/market/cross-section?date=${day}&format=csv`),
    );
    const defaultFields = Object.keys(
      (
        await (
          await fetch(`${cold.base}/v1/market/cross-section?date=${days[0]}`, { headers: { 'X-API-KEY': KEY } })
        ).json()
      ).data.securities[0],
    ).filter((field) => field !== 'symbol');
    const withStates = (fields: string) =>
      timed(
        cold.base,
        coldDays.map((day) => `/v1/market/cross-section?date=${day}&fields=${defaultFields.join(',')},${fields}`),
      );
    const screenStates = await withStates(SCREEN_STATE_FIELDS);
    const allStates = await withStates(STATE_FIELDS);
    const everySymbol: string[] = (
      await (
        await fetch(`${cold.base}/v1/market/cross-section?date=${days[0]}&fields=name`, {
          headers: { 'X-API-KEY': KEY },
        })
      ).json()
    ).data.securities.map((row: { symbol: string }) => row.symbol);
    // Three years to the day (the longest window the route takes), ending on different days: 50 securities'
    // years read from the table and stored (20 sets of 50, stored_valuation_years emptied first), then the
    // same 50 securities' windows from their stored years.
    const windowOf = (symbols: string[], end: string) =>
      `/v1/market/valuation?symbol=${symbols.join(',')}&begin_date=${addDays(addYears(end, -3), 1)}&end_date=${end}`;
    await forgetStored(url, 'stored_valuation_years');
    const valuationFirstRead = await timed(
      cold.base,
      Array.from({ length: 20 }, (_, i) => windowOf(everySymbol.slice(50 * i, 50 * i + 50), days[i]!)),
    );
    const stored = days.slice(0, SLOW_REQUESTS).map((end) => windowOf(everySymbol.slice(0, 50), end));
    await timed(cold.base, stored.slice(-1)); // the oldest window: its first year stored too
    const valuation = await timed(cold.base, stored);
    const rss = await rssGrowthWhileStreaming(cold, `/v1/market/cross-section?date=${days[1]}&format=csv`, 10);
    figures = {
      first_read_csv: firstRead,
      cold_json: json,
      cold_csv: csv,
      cold_json_with_screen_states: screenStates,
      cold_json_with_states: allStates,
      valuation_first_read: valuationFirstRead,
      valuation_50x3y: valuation,
      rss_while_streaming_csv: rss,
    };
    console.log(
      `cross-section cold (${dialect}): first read of a day (CSV) p50 ${firstRead.p50_ms} ms, p99 ${firstRead.p99_ms} ms; stored: JSON p99 ${json.p99_ms} ms (${json.rows} rows, ${json.bytes} B), CSV p99 ${csv.p99_ms} ms (${csv.bytes} B); JSON with three state fields p99 ${screenStates.p99_ms} ms (${screenStates.bytes} B), with all eight p99 ${allStates.p99_ms} ms (${allStates.bytes} B); valuation 50 × 3y first read p99 ${valuationFirstRead.p99_ms} ms, stored p99 ${valuation.p99_ms} ms; RSS +${rss.growth_mb} MB`,
    );
  } finally {
    await cold.stop();
  }
  if (PROFILE) {
    keepProfileSummary(`cross-section-${dialect}`);
    await financialCrossSection(dialect);
    return;
  }
  const warm = await serve(url, true);
  let warmComparison;
  try {
    warmComparison = await compareWithReference({
      scenario: `cross-section warm (${dialect})`,
      project: warm,
      path: `/v1/market/cross-section?date=${days[0]}`,
      headers: { 'X-API-KEY': KEY },
      rounds: 3,
      seconds: 5,
    });
  } finally {
    await warm.stop();
  }
  const daily = existsSync('bench/results/http-daily.json')
    ? JSON.parse(readFileSync('bench/results/http-daily.json', 'utf8')).ratio_to_express
    : null;
  const db = connect(url);
  const plan = await explainCrossSection(db, dialect, days[0]!);
  await db.destroy();
  const financial = await financialCrossSection(dialect);
  const checks = {
    cold_json_p99: figures.cold_json.p99_ms <= TARGETS.coldP99Ms,
    cold_csv_p99: figures.cold_csv.p99_ms <= TARGETS.coldP99Ms,
    states_cost: figures.cold_json_with_screen_states.p99_ms <= TARGETS.statesCostRatio * figures.cold_json.p99_ms,
    warm_ratio_at_least_daily: daily === null || warmComparison.ratio_to_express >= Math.min(daily, 1),
    valuation_p99: figures.valuation_50x3y.p99_ms <= TARGETS.valuationP99Ms,
    rss_growth: figures.rss_while_streaming_csv.growth_mb <= TARGETS.rssGrowthMb,
    financial_p99: Object.entries(financial).every(
      ([statement, one]) =>
        'p99_ms' in one &&
        one.p99_ms <= (statement === 'financial-metrics' ? TARGETS.financialMetricsMs : TARGETS.financialMs),
    ),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/cross-section-explain-${dialect}.txt`, plan);
  writeFileSync(
    `bench/results/cross-section-${dialect}.json`,
    `${JSON.stringify(
      {
        dialect,
        stocks: STOCKS,
        years: YEARS,
        load_average: loadavg().map(round2),
        ...(dialect === 'mysql' ? { buffer_pool_mb: BUFFER_POOL_MB } : {}),
        targets: TARGETS,
        ...(audited === null ? {} : { audit: audited }),
        ...figures,
        states_cost_ratio: round2(figures.cold_json_with_screen_states.p99_ms / figures.cold_json.p99_ms),
        all_states_cost_ratio: round2(figures.cold_json_with_states.p99_ms / figures.cold_json.p99_ms),
        states_bytes_ratio: round2(figures.cold_json_with_states.bytes / figures.cold_json.bytes),
        warm: {
          project: warmComparison.project,
          bare_express: warmComparison.bare_express,
          ratio_to_express: warmComparison.ratio_to_express,
          daily_ratio_to_express: daily,
          body_bytes: warmComparison.body_bytes,
        },
        financial_cross_section_5000: financial,
        checks,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`cross-section (${dialect}): ${JSON.stringify(checks)}`);
}

/** EXPLAIN of the cross-section query of one day (MariaDB) or its query plan (SQLite). */
async function explainCrossSection(db: Db, dialect: string, date: string): Promise<string> {
  const { sql, bindings } = crossSectionQuery(db, { date }, null).toSQL().toNative();
  const rows = await db.raw(
    `${dialect === 'mysql' ? 'explain' : 'explain query plan'} ${sql}`,
    bindings as unknown as readonly string[],
  );
  const table = (dialect === 'mysql' ? rows[0] : rows) as Record<string, unknown>[];
  return `-- ${sql}\n${table.map((row) => JSON.stringify(row)).join('\n')}\n`;
}

for (const dialect of DIALECTS) await run(dialect);
