/**
 * The audit's speed (issue 51): `make bench-audit`, on demand. For each dialect, a generated whole-market store
 * (AUDIT_STOCKS × AUDIT_YEARS from the project's generator, of which the importer loads what the audit reads:
 * securities, calendar, daily bars, factors, dividends and suspensions), then, each in a process of its own with the CLI's heap bound so that its peak RSS is the audit's
 * alone (the kernel's peak over the process's RSS when the audit starts; on SQLite it holds the audit's
 * 8 MiB page cache, src/audit/runAudit.ts): the full audit
 * (every check, every security, every session: seconds, bars a second, RSS growth over the process's start),
 * and the audit of the last session alone (what runs after an update). The audit reads security by security,
 * so its time grows with the bars: the result names the store's size and the time at the real market's 24 M.
 * Results: bench/results/audit-<dialect>.json. AUDIT_DIALECTS=sqlite,mysql, BENCH_MYSQL_URL; AUDIT_REUSE=1
 * audits the stores the last run left.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { consoleProgress } from '../src/cliProgress';
import { importBundle } from '../src/ingest/bundle';
import { auditCounts, runAudit } from '../src/audit/runAudit';
import { removeSqliteFile, round2 } from './support/reference';
import { scaleBundle } from './support/scaleBundle';

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const SIZE = {
  stocks: Number(process.env.AUDIT_STOCKS ?? 550),
  years: Number(process.env.AUDIT_YEARS ?? 20),
  sessions: 1,
};
const DIALECTS = (process.env.AUDIT_DIALECTS ?? 'sqlite,mysql').split(',');
const REUSE = process.env.AUDIT_REUSE === '1';
const TARGETS = { fullMarketMinutes: 10, rssGrowthMb: 100, sessionSeconds: 5 };
const NAME = `ashare_audit_${SIZE.stocks}x${SIZE.years}`;
const MB = 2 ** 20;

/** In a child: one audit of the store (a range, or all), its seconds, findings and RSS over the process's start. */
async function child([url, since, until]: string[]): Promise<void> {
  const db = connect(url!);
  await migrateLatest(db);
  await db('quality_findings').delete();
  // The kernel's peak of the process (better-sqlite3 is synchronous: a timer sampling RSS would rarely run).
  const base = process.memoryUsage().rss;
  const started = performance.now();
  const summary = await runAudit(db, since ? { since, until } : {});
  const seconds = (performance.now() - started) / 1000;
  const peak = process.resourceUsage().maxRSS * 1024;
  await db.destroy();
  console.log(
    JSON.stringify({
      seconds: round2(seconds),
      findings: auditCounts(summary).findings,
      bars: summary.bars,
      rssGrowthMb: round2((peak - base) / MB),
    }),
  );
}

/** The CLI's own V8 flags (`npm run ashare`: its heap bound), so the audit is measured as `ashare audit` runs. */
const CLI_FLAGS = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.ashare as string)
  .split(' ')
  .filter((word) => word.startsWith('--max-old-space-size'));

const audited = (url: string, ...range: string[]) =>
  JSON.parse(
    execFileSync('node', [...CLI_FLAGS, '--import', 'tsx', 'bench/audit.ts', '--child', url, ...range], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as {
    seconds: number;
    findings: number;
    bars: number;
    rssGrowthMb: number;
  };

/** The files of the bundle the audit reads (the importer's speed on the rest is the ingest and scale benches'). */
const AUDITED_FILES = ['stock_basic', 'trade_cal', 'daily', 'adj_factor', 'dividend', 'suspend_d'];

function auditedPart(dir: string): string {
  const part = join(tmpdir(), `${NAME}-bundle`);
  rmSync(part, { recursive: true, force: true });
  mkdirSync(part);
  for (const api of AUDITED_FILES) symlinkSync(join(dir, `${api}.csv`), join(part, `${api}.csv`));
  return part;
}

async function storeUrl(dialect: string): Promise<string> {
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `${NAME}.sqlite`);
    if (!REUSE) removeSqliteFile(file);
    return `sqlite://${file}`;
  }
  if (!REUSE) {
    const admin = connect(`${MYSQL}/mysql`);
    await admin.raw(`drop database if exists ${NAME}`);
    await admin.raw(`create database ${NAME}`);
    await admin.destroy();
  }
  return `${MYSQL}/${NAME}`;
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else {
  const bundle = REUSE ? null : auditedPart((await scaleBundle(SIZE)).dir);
  for (const dialect of DIALECTS) {
    const url = await storeUrl(dialect);
    const db = connect(url);
    let importSeconds: number | null = null;
    let last: string;
    let bars: number;
    try {
      await migrateLatest(db);
      if (bundle) {
        console.error(`${dialect}: importing ${SIZE.stocks} stocks × ${SIZE.years} years…`);
        const started = performance.now();
        await importBundle(db, bundle, consoleProgress());
        importSeconds = round2((performance.now() - started) / 1000);
      }
      bars = Number((await db('daily_bars').count({ n: '*' }).first())?.n ?? 0);
      last = String((await db('daily_bars').max({ day: 'trade_date' }).first())?.day).slice(0, 10);
    } finally {
      await db.destroy();
    }
    console.error(`${dialect}: the full audit of ${bars} bars…`);
    const full = audited(url);
    const session = audited(url, last, last);
    const result = {
      database: dialect,
      store: `${SIZE.stocks} stocks × ${SIZE.years} years`,
      bars,
      import_seconds: importSeconds,
      full_audit: { ...full, bars_per_second: Math.round(bars / full.seconds) },
      // The audit reads security by security: its time is linear in the bars (5,500 × 20 years: ~24 M).
      full_market_minutes_at_24m_bars: round2(((full.seconds / bars) * 24_000_000) / 60),
      last_session: { date: last, ...session },
      targets: TARGETS,
      load_average_1m: round2(loadavg()[0]!),
      measured_at: new Date().toISOString(),
    };
    writeFileSync(`bench/results/audit-${dialect}.json`, JSON.stringify(result, null, 2) + '\n');
    console.log(JSON.stringify(result));
  }
}
