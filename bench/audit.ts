/**
 * The audit's speed (issue 51): `make bench-audit`, on demand. For each dialect, a generated whole-market store
 * (AUDIT_STOCKS × AUDIT_YEARS of daily bars, factors and valuations from the project's generator, imported by
 * the importer), then: the full audit (every check, every security, every session: seconds, bars a second, RSS
 * growth sampled every 100 ms), and the audit of the last session alone (what runs after an update). The audit
 * reads security by security, so its time grows with the bars: the result names the store's size.
 * Results: bench/results/audit-<dialect>.json. AUDIT_DIALECTS=sqlite,mysql, BENCH_MYSQL_URL.
 */
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { importBundle } from '../src/ingest/bundle';
import { runAudit } from '../src/ingest/audit/runAudit';
import { removeSqliteFile, round2 } from './support/reference';
import { scaleBundle } from './support/scaleBundle';

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const SIZE = {
  stocks: Number(process.env.AUDIT_STOCKS ?? 550),
  years: Number(process.env.AUDIT_YEARS ?? 20),
  sessions: 1,
};
const DIALECTS = (process.env.AUDIT_DIALECTS ?? 'sqlite,mysql').split(',');
const TARGETS = { fullMarketMinutes: 10, rssGrowthMb: 100, sessionSeconds: 5 };

/** Peak RSS growth over a piece of work, sampled every 100 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; rssGrowthMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      seconds: round2((performance.now() - started) / 1000),
      rssGrowthMb: round2((peak - base) / 2 ** 20),
    };
  } finally {
    clearInterval(timer);
  }
}

async function storeUrl(dialect: string): Promise<string> {
  const name = `ashare_audit_${SIZE.stocks}x${SIZE.years}`;
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `${name}.sqlite`);
    removeSqliteFile(file);
    return `sqlite://${file}`;
  }
  const admin = connect(`${MYSQL}/mysql`);
  await admin.raw(`drop database if exists ${name}`);
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  return `${MYSQL}/${name}`;
}

const bundle = await scaleBundle(SIZE);
for (const dialect of DIALECTS) {
  const db = connect(await storeUrl(dialect));
  try {
    await migrateLatest(db);
    console.error(`${dialect}: importing ${SIZE.stocks} stocks × ${SIZE.years} years…`);
    const imported = await withPeakRss(() => importBundle(db, bundle.dir));
    const bars = Number((await db('daily_bars').count({ n: '*' }).first())?.n ?? 0);
    console.error(`${dialect}: the full audit of ${bars} bars…`);
    const full = await withPeakRss(() =>
      runAudit(db, { progress: (done, total) => done % 1000 === 0 && console.error(`${done}/${total}`) }),
    );
    const last = String((await db('daily_bars').max({ day: 'trade_date' }).first())?.day).slice(0, 10);
    const session = await withPeakRss(() => runAudit(db, { since: last, until: last }));
    const perBar = full.seconds / bars;
    const result = {
      database: dialect,
      store: `${SIZE.stocks} stocks × ${SIZE.years} years`,
      bars,
      import_seconds: imported.seconds,
      full_audit: {
        seconds: full.seconds,
        bars_per_second: Math.round(bars / full.seconds),
        rss_growth_mb: full.rssGrowthMb,
        findings: full.result.findings.length,
      },
      // The audit reads security by security: its time is linear in the bars (5,500 × 20 years: ~24 M).
      full_market_minutes_at_24m_bars: round2((perBar * 24_000_000) / 60),
      last_session: { date: last, seconds: session.seconds, rss_growth_mb: session.rssGrowthMb },
      targets: TARGETS,
      load_average_1m: round2(loadavg()[0]!),
      measured_at: new Date().toISOString(),
    };
    writeFileSync(`bench/results/audit-${dialect}.json`, JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify(result));
  } finally {
    await db.destroy();
  }
}
