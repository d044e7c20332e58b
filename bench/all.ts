/**
 * Every scenario of issue 14 in one run (`make bench-all`), then one table of ratios: scenario, project,
 * reference, ratio, target, pass. Results: each bench's own file in bench/results/ and the table in
 * bench/results/all.json.
 *
 *   search, daily   bench/http.ts: project vs bare Express 5 + helmet (and node:http), same bytes, alternating rounds
 *   financials      bench/financials.ts `quarterly uncached` on SQLite and MariaDB: p99 (absolute target, no reference)
 *   ingest          bench/ingest.ts 500 × 10 and 5,000 × 10 on both: the importer vs the database's bulk load
 *   cross-section   bench/cross-section.ts on both (issues 21, 36): the whole market of a day cold as JSON and CSV,
 *                   warm against bare Express, valuation 50 × 3 years, RSS while CSVs stream, the financial
 *                   cross-sections of 5,000 companies
 *   footprint       bench/footprint.ts: npm start's time to ready and idle RSS
 *   tools           the MCP tool list (tools/list JSON of the flat shape) of a server on the demo store, in characters
 *   scale           bench/scale.ts's last results (the real market's size: about two hours; BENCH_ONLY=scale-run reruns it)
 *   coverage        bench/coverage.ts's last results (/v1/data/coverage cold at 5,500 × 20, on bench-audit's stores)
 *
 * Each row records the machine's speed before and after its scenario: bare Express's CPU a request
 * (bench/support/machineGauge.ts), as the absolute targets hold on a machine of a given speed.
 *
 * BENCH_ONLY=search,daily,financials,ingest,cross-section,footprint,tools,scale,coverage picks scenarios (BENCH_KEEP=1
 * keeps the last run's rows of the others), BENCH_INGEST_STOCKS (500,5000) the import sizes; BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306)
 * the MariaDB server. The financials fixtures are kept between runs (a SQLite file in the temp dir, database
 * ashare_bench_financials), as generating them takes minutes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { HTTP_SCENARIOS, runHttpScenarios, type HttpScenario } from './http';
import { bareExpressCostUs } from './support/machineGauge';
import { freePort, round2, removeSqliteFile } from './support/reference';
import { prepareDatabase, START_FLAGS, startServerProcess } from './support/serverProcess';

interface Row {
  scenario: string;
  project: string;
  reference: string;
  ratio: number | null;
  target: string;
  pass: boolean;
  /** The machine's speed when the row was measured (bench/support/machineGauge.ts). */
  machine: string;
  /** The BENCH_ONLY name of the scenario that measured it. */
  bench: string;
}

const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'search,daily,financials,ingest,cross-section,footprint,tools,scale,coverage').split(','),
);
const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const FINANCIALS_P99_MS = 50;
const FOOTPRINT = { readyMs: 1500, idleRssMb: 130 };
const TOOL_LIST_CHARS = 15_000;
const SCALE_RATIO = 1.2;
const INGEST_MIN_SHARE = 0.5;
const INGEST_MAX_RSS_MB = 300;
const rows: Row[] = [];
/**
 * The machine's speed is gauged before each scenario and once at the end, so each row records it before and
 * after its own measurement: a row measured while the machine slowed shows it.
 */
const gauges: number[] = [];
let bench = '';
/** Gauges the machine before the scenario `name` (and once after the last). */
const gaugeMachine = async (name = '') => {
  bench = name;
  gauges.push(await bareExpressCostUs());
};
const gaugedRows = new Map<Row, number>();
const record = (row: Omit<Row, 'machine' | 'bench'>, measuredBefore = true) => {
  const recorded = { ...row, machine: '— (an earlier run: not gauged)', bench };
  rows.push(recorded);
  if (measuredBefore) gaugedRows.set(recorded, gauges.length - 1);
};

const startedAt = new Date().toISOString();
const loadAtStart = loadavg().map(round2);

const httpNames = (Object.keys(HTTP_SCENARIOS) as HttpScenario[]).filter((name) => ONLY.has(name));
if (httpNames.length > 0) await gaugeMachine();
for (const [name, result] of Object.entries(await runHttpScenarios(httpNames))) {
  bench = name;
  const target = HTTP_SCENARIOS[name as HttpScenario];
  const { project, bare_express: express } = result;
  record({
    scenario: `${name} ${result.path}`,
    project: `${project.requests_per_sec} req/s, p99 ${project.latency_p99_ms} ms, ${project.server_cpu_us_per_request} µs CPU a request`,
    // Bare Express's CPU a request gauges the machine's speed, beside the other rows' absolute targets.
    reference: `${express.requests_per_sec} req/s, p99 ${express.latency_p99_ms} ms, ${express.server_cpu_us_per_request} µs CPU a request (Express+helmet)`,
    ratio: result.ratio_to_express,
    target: `≥ ${target.minRatio}, p99 ≤ ${target.maxP99Ms} ms`,
    pass:
      result.ratio_to_express >= target.minRatio && project.latency_p99_ms <= target.maxP99Ms && project.non_2xx === 0,
  });
}

function node(script: string, args: string[], env: Record<string, string> = {}): void {
  execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

if (ONLY.has('financials')) {
  await gaugeMachine('financials');
  const admin = await mysql.createConnection(`${MYSQL}/`);
  await admin.query(
    'create database if not exists ashare_bench_financials character set utf8mb4 collate utf8mb4_unicode_ci',
  );
  await admin.end();
  const urls = {
    sqlite: `sqlite://${join(tmpdir(), 'ashare_bench_financials.sqlite')}`,
    mysql: `${MYSQL}/ashare_bench_financials`,
  };
  for (const [dialect, url] of Object.entries(urls)) {
    node('bench/financials.ts', [], { BENCH_DATABASE_URL: url, BENCH_FINANCIALS_SCENARIOS: 'quarterly uncached' });
    const result = readJson(`bench/results/financials-${dialect}.json`);
    const figures = result.results['quarterly uncached'];
    record({
      scenario: `income-statement 10 symbols × 20 quarters, uncached (${dialect})`,
      project: `${figures.rps} req/s, p50 ${figures.latency_ms.p50} ms, p99 ${figures.latency_ms.p99} ms`,
      reference: '— (absolute target)',
      ratio: null,
      target: `p99 < ${FINANCIALS_P99_MS} ms`,
      pass: figures.latency_ms.p99 < FINANCIALS_P99_MS && figures.non2xx === 0,
    });
  }
}

if (ONLY.has('ingest')) {
  await gaugeMachine('ingest');
  for (const stocks of (process.env.BENCH_INGEST_STOCKS ?? '500,5000').split(',').map(Number)) {
    node('bench/ingest.ts', ['--stocks', String(stocks), '--years', '10'], { MYSQL_BENCH_URL: MYSQL });
    for (const database of ['mariadb', 'sqlite']) {
      const result = readJson(`bench/results/ingest-${database}-${stocks}x10.json`);
      record({
        scenario: `import ${stocks} × 10 daily (${database})`,
        project: `${result.importer.rows_per_second} rows/s, peak RSS ${result.importer.peak_rss_mb} MB`,
        reference: `${result.reference.rows_per_second} rows/s (${result.reference.method})`,
        ratio: result.importer_share_of_reference,
        target: `≥ ${INGEST_MIN_SHARE}, RSS < ${INGEST_MAX_RSS_MB} MB`,
        pass: result.importer_share_of_reference >= INGEST_MIN_SHARE && result.importer.peak_rss_mb < INGEST_MAX_RSS_MB,
      });
    }
  }
}

if (ONLY.has('cross-section')) {
  await gaugeMachine('cross-section');
  node('bench/cross-section.ts', [], { BENCH_MYSQL_URL: MYSQL });
  for (const dialect of ['mysql', 'sqlite']) {
    const result = readJson(`bench/results/cross-section-${dialect}.json`);
    const { targets, checks } = result;
    const add = (
      scenario: string,
      project: string,
      target: string,
      pass: boolean,
      reference = '— (absolute target)',
      ratio: number | null = null,
    ) => record({ scenario: `${scenario} (${dialect})`, project, reference, ratio, target, pass });
    add(
      `cross-section of ${result.cold_json.rows} stocks, cold JSON`,
      `stored days p50 ${result.cold_json.p50_ms} ms, p99 ${result.cold_json.p99_ms} ms (first read, CSV: p99 ${result.first_read_csv?.p99_ms} ms)`,
      `p99 ≤ ${targets.coldP99Ms} ms`,
      checks.cold_json_p99,
    );
    add(
      `cross-section of ${result.cold_csv.rows} stocks, cold CSV`,
      `stored days p50 ${result.cold_csv.p50_ms} ms, p99 ${result.cold_csv.p99_ms} ms`,
      `p99 ≤ ${targets.coldP99Ms} ms`,
      checks.cold_csv_p99,
    );
    add(
      'cross-section warm',
      `${result.warm.project.requests_per_sec} req/s`,
      `ratio ≥ warm daily's (${result.warm.daily_ratio_to_express}), up to 1`,
      checks.warm_ratio_at_least_daily,
      `${result.warm.bare_express.requests_per_sec} req/s (Express+helmet)`,
      result.warm.ratio_to_express,
    );
    add(
      'valuation 50 symbols × 3 years, answer cache off',
      `stored years p99 ${result.valuation_50x3y.p99_ms} ms (first read p99 ${result.valuation_first_read?.p99_ms} ms)`,
      `p99 ≤ ${targets.valuationP99Ms} ms`,
      checks.valuation_p99,
    );
    add(
      'RSS while whole-market CSVs stream',
      `+${result.rss_while_streaming_csv.growth_mb} MB`,
      `≤ ${targets.rssGrowthMb} MB`,
      checks.rss_growth,
    );
    for (const [statement, figures] of Object.entries<{
      p99_ms?: number;
      first_read?: { p99_ms: number };
      companies?: number;
      error?: string;
    }>(result.financial_cross_section_5000)) {
      const measured =
        figures.error ?? `stored periods p99 ${figures.p99_ms} ms (first read p99 ${figures.first_read?.p99_ms} ms)`;
      const target = statement === 'financial-metrics' ? targets.financialMetricsMs : targets.financialMs;
      add(
        `financial cross-section ${statement}, ${figures.companies ?? 5000} companies, answer cache off`,
        measured,
        `p99 ≤ ${target} ms`,
        (figures.p99_ms ?? Infinity) <= target,
      );
    }
  }
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (ONLY.has('footprint')) {
  await gaugeMachine('footprint');
  node('bench/footprint.ts', []);
  const started = readJson('bench/results/footprint.json').results.find((result: { name: string }) =>
    result.name.startsWith('npm start'),
  );
  const ready = median(started.rounds.map((round: { readyMs: number }) => round.readyMs));
  const rss = round2(median(started.rounds.map((round: { rssMb: number }) => round.rssMb)));
  record({
    scenario: 'npm start: ready, idle RSS (median of rounds)',
    project: `${ready} ms, ${rss} MB`,
    reference: '— (absolute target)',
    ratio: null,
    target: `≤ ${FOOTPRINT.readyMs} ms, ≤ ${FOOTPRINT.idleRssMb} MB`,
    pass: ready <= FOOTPRINT.readyMs && rss <= FOOTPRINT.idleRssMb,
  });
}

if (ONLY.has('tools')) {
  await gaugeMachine('tools');
  const url = `sqlite://${join(tmpdir(), `ashare-bench-tools-${process.pid}.sqlite`)}`;
  const key = `ak_bench_tools_${'0123456789abcdef'.repeat(2)}`;
  await prepareDatabase(url, key);
  const server = await startServerProcess('src/main.ts', await freePort(), { DATABASE_URL: url }, START_FLAGS);
  try {
    const response = await fetch(`${server.base}/mcp`, {
      method: 'POST',
      headers: { 'X-API-KEY': key, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const listing = ((await response.json()) as { result: { tools: unknown[] } }).result;
    const chars = JSON.stringify(listing).length;
    record({
      scenario: `MCP tool list, flat (${listing.tools.length} tools)`,
      project: `${chars} characters`,
      reference: '— (absolute target)',
      ratio: null,
      target: `≤ ${TOOL_LIST_CHARS}`,
      pass: chars <= TOOL_LIST_CHARS,
    });
  } finally {
    await server.stop();
    removeSqliteFile(url.slice('sqlite://'.length));
  }
}

if (ONLY.has('scale') || ONLY.has('scale-run')) {
  bench = 'scale';
  if (ONLY.has('scale-run')) {
    await gaugeMachine('scale');
    node('bench/scale.ts', []);
  }
  for (const dialect of ['mysql', 'sqlite']) {
    const result = readJson(`bench/results/scale-${dialect}.json`);
    const [worst, ratio] = Object.entries<number>(result.p99_ratio_full_to_tenth).sort((a, b) => b[1] - a[1])[0]!;
    record(
      {
        scenario: `real market's size, p99 full ÷ one tenth, worst query (${dialect}, measured ${result.measured_at.slice(0, 10)})`,
        project: worst,
        reference: '— (one tenth of the store)',
        ratio,
        target: `≤ ${SCALE_RATIO}`,
        pass: ratio <= SCALE_RATIO,
      },
      ONLY.has('scale-run'),
    );
  }
}

if (ONLY.has('coverage')) {
  bench = 'coverage';
  for (const dialect of ['mysql', 'sqlite']) {
    const result = readJson(`bench/results/coverage-${dialect}.json`);
    record(
      {
        scenario: `coverage cold, counts kept by the loads, ${result.bars} bars (${dialect}, measured ${result.measured_at.slice(0, 10)})`,
        project: `first request ${result.kept_max_ms} ms at most of ${result.first_request_ms.kept.length} starts`,
        reference: `counted by the request instead: ${result.first_request_ms.counted.map((one: number | string) => (typeof one === 'number' ? `${one} ms` : one)).join(', ')}`,
        ratio: null,
        target: `≤ ${result.target_ms} ms`,
        pass: result.kept_max_ms <= result.target_ms,
      },
      false,
    );
  }
}

await gaugeMachine();
for (const [row, before] of gaugedRows)
  row.machine = `bare Express ${gauges[before]} µs CPU a request before, ${gauges[before + 1]} after`;

// BENCH_KEEP=1: the last run's rows of the scenarios not run now are kept, before this run's.
if (process.env.BENCH_KEEP === '1' && existsSync('bench/results/all.json'))
  rows.unshift(
    ...(readJson('bench/results/all.json').rows as Row[]).filter(
      (row) => row.bench !== undefined && !ONLY.has(row.bench),
    ),
  );

const columns: (keyof Row)[] = ['scenario', 'project', 'reference', 'ratio', 'target', 'pass', 'machine'];
const cells = rows.map((row) =>
  columns.map((column) =>
    row[column] === null ? '—' : row[column] === true ? 'yes' : row[column] === false ? 'NO' : String(row[column]),
  ),
);
const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((cell) => cell[i]!.length)));
const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`;
console.log(['', line(columns), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n'));
console.log(`load average at start ${loadAtStart.join(' ')}, at end ${loadavg().map(round2).join(' ')}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/all.json',
  `${JSON.stringify({ started_at: startedAt, finished_at: new Date().toISOString(), load_average_at_start: loadAtStart, load_average_at_end: loadavg().map(round2), rows }, null, 2)}\n`,
);
