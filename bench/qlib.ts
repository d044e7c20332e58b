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
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { rssMb } from './support/processStats';
import { round2 } from './support/reference';
import { BUILT_CLI, GENERATED_LAST_DAY, generatedSqliteStore } from './support/generatedSqliteStore';

const STOCKS = Number(process.env.BENCH_QLIB_STOCKS ?? 5500);
const YEARS = Number(process.env.BENCH_QLIB_YEARS ?? 20);
const NEXT_SESSION = '2026-01-05';
const TARGETS = { firstExportSeconds: 300, peakRssMb: 300, appendSeconds: 20 };

/** One `export --format qlib` run: its seconds, peak RSS and summary line. */
async function qlibRun(url: string, out: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [...BUILT_CLI, 'export', '--format', 'qlib', '--out', out], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let peak = 0;
  let summary = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.startsWith('export qlib:')) summary = text.trim();
    else process.stderr.write(text);
  });
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 20);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`export exited ${code}`);
  return { seconds: round2((performance.now() - started) / 1000), peak_rss_mb: round2(peak), summary };
}

/** Every stock's last bar and factor again on the next open day (or taken out again). */
async function nextSession(url: string, add: boolean): Promise<void> {
  const db = connect(url);
  try {
    await db.transaction(async (trx) => {
      for (const table of ['daily_bars', 'adj_factors']) await trx(table).where('trade_date', NEXT_SESSION).delete();
      await trx('trade_calendar').where({ exchange: 'SSE', cal_date: NEXT_SESSION }).delete();
      if (!add) return;
      await trx('trade_calendar').insert({ exchange: 'SSE', cal_date: NEXT_SESSION, is_open: 1 });
      for (const table of ['daily_bars', 'adj_factors']) {
        const rows = await trx(table).where('trade_date', GENERATED_LAST_DAY).select();
        for (let i = 0; i < rows.length; i += 500)
          await trx(table).insert(rows.slice(i, i + 500).map((row) => ({ ...row, trade_date: NEXT_SESSION })));
      }
    });
  } finally {
    await db.destroy();
  }
}

const url = await generatedSqliteStore(`ashare_bench_export_${STOCKS}x${YEARS}`, STOCKS, YEARS, false);
const out = mkdtempSync(join(tmpdir(), 'ashare-bench-qlib-'));
try {
  await nextSession(url, false);
  const first = await qlibRun(url, out);
  console.log('first', first);
  await nextSession(url, true);
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
  await nextSession(url, false);
  rmSync(out, { recursive: true, force: true });
}
