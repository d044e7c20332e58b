/**
 * The flat files (issue 75): `make bench-files`. On a generated SQLite store of BENCH_FILES_STOCKS (5,500) ×
 * BENCH_FILES_YEARS (20) years of daily bars and factors (bench/support/generatedSqliteStore.ts, kept in the temp
 * dir between runs, the qlib bench's):
 * 1. `npm run ashare -- export --out DIR` (the build, its own process, RSS sampled every 20 ms): the first write
 *    of every file (targets ≤ 300 s, ≤ 300 MB), one session appended (every stock's last bar and factor again on the
 *    next open day; target ≤ 10 s), a rerun (nothing written).
 * 2. The server (`npm start`, FLAT_DIR the directory) and the twenty years of `daily` loaded into one in-memory
 *    table over loopback: the Python client's `files()` into a pandas DataFrame (numpy's reader: Debian packages
 *    no pyarrow), and DuckDB on the fetched files (`CREATE TABLE … AS SELECT * FROM read_parquet([...])`, the
 *    files fetched 8 at a time; its httpfs extension cannot be installed offline). Target ≤ 30 s each.
 * 3. The same through the JSON routes, each timed on BENCH_FILES_SAMPLE calls and scaled to all it takes (every
 *    session's `/v1/market/cross-section`; `/v1/market/daily` of 50 symbols × 3 years for every stock), as a ratio
 *    to the files.
 * 4. A Range read of one column (`close`) of one year (`daily/2015.parquet`), the first read of the file by the
 *    server (after one request of the manifest): its size, footer and the column's chunks (target ≤ 100 ms); and
 *    the same column read and decoded by hyparquet (its decoding is the reader's time, not the server's).
 * Results: bench/results/files.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { asyncBufferFromUrl, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { connect } from '../src/db/connection';
import { cliRun } from './support/cliRun';
import { freePort, round2 } from './support/reference';
import { generatedSqliteStore, nextSession, sessionsOf } from './support/generatedSqliteStore';
import { BUILT_SERVER, prepareDatabase, START_FLAGS, startServerProcess } from './support/serverProcess';

const STOCKS = Number(process.env.BENCH_FILES_STOCKS ?? 5500);
const YEARS = Number(process.env.BENCH_FILES_YEARS ?? 20);
const SAMPLE = Number(process.env.BENCH_FILES_SAMPLE ?? 60);
const NEXT_SESSION = '2026-01-05';
const KEY = `ak_bench_files_${'0123456789abcdef'.repeat(2)}`;
const TARGETS = { firstWriteSeconds: 300, peakRssMb: 300, appendSeconds: 10, loadSeconds: 30, rangeReadMs: 100 };
const seconds = (since: number) => round2((performance.now() - since) / 1000);

/** One `ashare export --out` run: its seconds, peak RSS and summary line. */
const exportRun = (url: string, out: string) => cliRun(url, ['export', '--out', out], 'export:');

/** The calls of `paths` one after another, `count` of them evenly spread: their mean seconds a call. */
async function perCall(base: string, paths: readonly string[], count: number): Promise<number> {
  const picked = Array.from({ length: count }, (_, i) => paths[Math.floor((i * paths.length) / count)]!);
  const started = performance.now();
  for (const path of picked) {
    const response = await fetch(base + path, { headers: { 'X-API-KEY': KEY } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.json();
  }
  return (performance.now() - started) / 1000 / count;
}

const url = await generatedSqliteStore(`ashare_bench_export_${STOCKS}x${YEARS}`, STOCKS, YEARS, false);
const out = mkdtempSync(join(tmpdir(), 'ashare-bench-files-'));
const fetched = mkdtempSync(join(tmpdir(), 'ashare-bench-fetched-'));
try {
  await nextSession(url, NEXT_SESSION, false);
  const first = await exportRun(url, out);
  console.log('first', first);
  await nextSession(url, NEXT_SESSION, true);
  const append = await exportRun(url, out);
  console.log('append', append);
  const rerun = await exportRun(url, out);
  console.log('rerun', rerun);
  await nextSession(url, NEXT_SESSION, false);
  await exportRun(url, out);

  await prepareDatabase(url, KEY);
  const db = connect(url);
  const days = await sessionsOf(db);
  const codes: string[] = await db('securities').where({ kind: 'stock' }).orderBy('ts_code').pluck('ts_code');
  const bars = Number((await db('daily_bars').count({ rows: '*' }).first())!.rows);
  await db.destroy();
  const server = await startServerProcess(
    BUILT_SERVER,
    await freePort(),
    { DATABASE_URL: url, DEMO_DATA: 'off', FLAT_DIR: out, RESPONSE_CACHE: 'off', LOG_LEVEL: 'warn' },
    START_FLAGS,
  );
  try {
    const headers = { 'X-API-KEY': KEY };
    // 4. One column of one year by Range, the server's first read of the file: the file's size (HEAD), its footer
    //    and the column's chunks (fetched together, as a reader of several columns would), then the same read
    //    and decoded by hyparquet.
    const url = `${server.base}/v1/files/daily/2015.parquet`;
    // The server's first request of all (its code's first run) is not the file's cold read: one manifest first.
    await (await fetch(`${server.base}/v1/files?dataset=stock_basic`, { headers })).json();
    const rangeStarted = performance.now();
    const file = await asyncBufferFromUrl({ url, requestInit: { headers } });
    const metadata = await parquetMetadataAsync(file);
    const chunks = metadata.row_groups.map((group) => {
      const close = group.columns.find((column) => column.meta_data!.path_in_schema[0] === 'close')!.meta_data!;
      const start = Number(close.dictionary_page_offset ?? close.data_page_offset);
      return [start, start + Number(close.total_compressed_size) - 1] as const;
    });
    const fetchedBytes = await Promise.all(
      chunks.map(async ([from, to]) => {
        const response = await fetch(url, { headers: { ...headers, Range: `bytes=${from}-${to}` } });
        return (await response.arrayBuffer()).byteLength;
      }),
    );
    const fetchMs = round2(performance.now() - rangeStarted);
    const decodeStarted = performance.now();
    const closes = await parquetReadObjects({
      file,
      metadata,
      columns: ['close'],
      compressors: { GZIP: (input: Uint8Array) => new Uint8Array(gunzipSync(input)) },
    });
    const rangeRead = {
      file: 'daily/2015.parquet',
      row_groups: chunks.length,
      column_bytes: fetchedBytes.reduce((sum, bytes) => sum + bytes, 0),
      ms: fetchMs,
      hyparquet_read_and_decode_ms: round2(performance.now() - decodeStarted),
      rows: closes.length,
    };
    console.log('range read', rangeRead);

    // 2a. The Python client's DataFrame.
    const python = spawnSync(
      '/usr/bin/python3',
      [
        '-c',
        `import sys, time; sys.path.insert(0, 'clients/python/src'); from ashare_api import Client
t = time.perf_counter(); frame = Client('${server.base}', '${KEY}').files('daily'); print(len(frame), round(time.perf_counter() - t, 2))`,
      ],
      { encoding: 'utf8' },
    );
    if (python.status !== 0) throw new Error(python.stderr);
    const [pythonRows, pythonSeconds] = python.stdout.trim().split(' ').map(Number) as [number, number];
    const pandas = { rows: pythonRows, seconds: pythonSeconds };
    console.log('python files()', pandas);

    // 2b. DuckDB on the fetched files.
    const duckStarted = performance.now();
    const list = (await (await fetch(`${server.base}/v1/files?dataset=daily`, { headers })).json()) as {
      data: { files: Array<{ path: string; url: string; bytes: number }> };
    };
    const queue = [...list.data.files];
    const names: string[] = [];
    mkdirSync(fetched, { recursive: true });
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          const response = await fetch(server.base + next.url, { headers });
          const name = join(fetched, next.path.replace('/', '_'));
          writeFileSync(name, new Uint8Array(await response.arrayBuffer()));
          names.push(name);
        }
      }),
    );
    const fetchSeconds = seconds(duckStarted);
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    await connection.run(
      `CREATE TABLE daily AS SELECT * FROM read_parquet([${names.map((n) => `'${n}'`).join(', ')}])`,
    );
    const [count] = (await connection.runAndReadAll('SELECT count(*) AS rows FROM daily')).getRows();
    connection.closeSync();
    const duckdb = {
      files: names.length,
      bytes: list.data.files.reduce((sum, one) => sum + one.bytes, 0),
      rows: Number(count![0]),
      fetch_seconds: fetchSeconds,
      seconds: seconds(duckStarted),
    };
    console.log('duckdb', duckdb);

    // 3. The JSON routes, sampled and scaled.
    const crossSection = days.map((day) => `/v1/market/cross-section?date=${day}`);
    const groups = Array.from({ length: Math.ceil(codes.length / 50) }, (_, i) => codes.slice(i * 50, i * 50 + 50));
    const windows: Array<[string, string]> = [];
    for (let end = Number(days.at(-1)!.slice(0, 4)); end >= Number(days[0]!.slice(0, 4)); end -= 3)
      windows.push([`${end - 2}-01-01`, `${end}-12-31`]);
    const dailyCalls = groups.flatMap((group) =>
      windows.map(
        ([begin, end]) =>
          `/v1/market/daily?symbol=${group.join(',')}&begin_date=${begin}&end_date=${end}&adjusted=false&limit=1000`,
      ),
    );
    const crossSectionSeconds = (await perCall(server.base, crossSection, SAMPLE)) * crossSection.length;
    const dailySeconds = (await perCall(server.base, dailyCalls, SAMPLE)) * dailyCalls.length;
    const baselines = {
      cross_section: { calls: crossSection.length, sampled: SAMPLE, seconds: round2(crossSectionSeconds) },
      daily_50x3y: { calls: dailyCalls.length, sampled: SAMPLE, seconds: round2(dailySeconds) },
    };
    const results = {
      stocks: STOCKS,
      years: YEARS,
      bars,
      cores: cpus().length,
      load_average: loadavg().map(round2),
      targets: TARGETS,
      write: { first, append, rerun },
      load: { python_files: pandas, duckdb },
      baselines,
      ratios_to_files: {
        cross_section_to_python: round2(crossSectionSeconds / pandas.seconds),
        daily_50x3y_to_python: round2(dailySeconds / pandas.seconds),
        cross_section_to_duckdb: round2(crossSectionSeconds / duckdb.seconds),
        daily_50x3y_to_duckdb: round2(dailySeconds / duckdb.seconds),
      },
      range_read: rangeRead,
      met: {
        first_write: first.seconds <= TARGETS.firstWriteSeconds && first.peak_rss_mb <= TARGETS.peakRssMb,
        append: append.seconds <= TARGETS.appendSeconds,
        python_load: pandas.seconds <= TARGETS.loadSeconds,
        duckdb_load: duckdb.seconds <= TARGETS.loadSeconds,
        range_read: rangeRead.ms <= TARGETS.rangeReadMs,
      },
    };
    console.log(JSON.stringify(results, null, 2));
    writeFileSync('bench/results/files.json', `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(out, { recursive: true, force: true });
  rmSync(fetched, { recursive: true, force: true });
}
