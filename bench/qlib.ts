/**
 * The qlib export (issue 64): `make bench-qlib`. On a generated SQLite store of BENCH_QLIB_STOCKS (5,500) ×
 * BENCH_QLIB_YEARS (20) years of daily bars and factors (bench/support/generatedSqliteStore.ts, the flat-file
 * export's store, kept in the temp dir between runs), `npm run ashare -- export --format qlib` (the build, its own
 * process, RSS sampled every 20 ms):
 * 1. the first export into an empty directory: seconds and peak RSS (targets ≤ 300 s, ≤ 300 MB);
 * 2. the append of one session more (every stock's last bar again on the next open day, taken out afterwards):
 *    seconds (target ≤ 20 s);
 * 3. a rerun: seconds, and nothing written.
 * The generated store has no statements: the PIT files are the test's (test/ingest/qlib-export.test.ts).
 * Results: bench/results/qlib.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliRun } from './support/cliRun';
import { round2 } from './support/reference';
import { generatedSqliteStore, nextSession } from './support/generatedSqliteStore';

const STOCKS = Number(process.env.BENCH_QLIB_STOCKS ?? 5500);
const YEARS = Number(process.env.BENCH_QLIB_YEARS ?? 20);
const NEXT_SESSION = '2026-01-05';
const TARGETS = { firstExportSeconds: 300, peakRssMb: 300, appendSeconds: 20 };

/** One `export --format qlib` run: its seconds, peak RSS and summary line. */
const qlibRun = (url: string, out: string) => cliRun(url, ['export', '--format', 'qlib', '--out', out], 'export qlib:');

const url = await generatedSqliteStore(`ashare_bench_export_${STOCKS}x${YEARS}`, STOCKS, YEARS, false);
const out = mkdtempSync(join(tmpdir(), 'ashare-bench-qlib-'));
try {
  await nextSession(url, NEXT_SESSION, false);
  const first = await qlibRun(url, out);
  console.log('first', first);
  await nextSession(url, NEXT_SESSION, true);
  const append = await qlibRun(url, out);
  console.log('append', append);
  const rerun = await qlibRun(url, out);
  console.log('rerun', rerun);
  const results = {
    stocks: STOCKS,
    years: YEARS,
    cores: cpus().length,
    load_average: loadavg().map(round2),
    targets: TARGETS,
    first,
    append,
    rerun,
    met: {
      first: first.seconds <= TARGETS.firstExportSeconds && first.peak_rss_mb <= TARGETS.peakRssMb,
      append: append.seconds <= TARGETS.appendSeconds,
    },
  };
  writeFileSync(`bench/results/qlib-${STOCKS}x${YEARS}.json`, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  await nextSession(url, NEXT_SESSION, false);
  rmSync(out, { recursive: true, force: true });
}
