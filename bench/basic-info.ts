/**
 * Baseline throughput of basic-info and search: the real server in its own process on a fresh database,
 * autocannon on loopback (10 connections, 10 s per scenario). Results go to bench/results/basic-info.json.
 * DATABASE_URL picks the database (default: a fresh SQLite file).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { DEMO_EMAIL, ensureDemoKey } from '../src/modules/accounts/demoAccount.service';
import { summarize } from './support/summary';
import { removeSqliteFile } from './support/reference';

const port = 18080 + Math.floor(Math.random() * 1000);
const dbFile = join(tmpdir(), `ashare-bench-${process.pid}.sqlite`);
const databaseUrl = process.env.DATABASE_URL ?? `sqlite://${dbFile}`;
const key = `ak_bench_${process.pid}_0123456789abcdef`;
const base = `http://127.0.0.1:${port}`;

const scenarios = [
  { name: 'basic-info, one symbol', path: '/v1/stock/basic-info?symbol=600519' },
  {
    name: 'basic-info, 10 symbols',
    path: '/v1/stock/basic-info?symbol=600519,000001,000002,600036,601318,000858,300750,688981,002594,601166',
  },
  { name: 'search, pinyin', path: '/v1/stock/search?keyword=PAYH' },
];

// The demo account's budget is raised above the load, or the bench would measure 429s.
const db = connect(databaseUrl);
await migrateLatest(db);
await ensureDemoKey(db, key);
await db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000_000 });
await db.destroy();

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DEMO_API_KEY: key,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitUntilUp(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

try {
  const started = Date.now();
  await waitUntilUp();
  console.log(`server up in ${Date.now() - started} ms (first start: demo data loaded)`);
  const results = [];
  for (const scenario of scenarios) {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = { url: base + scenario.path, connections: 10, duration: 10, headers: { 'X-API-KEY': key } };
      const instance = autocannon(options, (err, done) => (err ? reject(err) : resolve(done)));
      autocannon.track(instance, { renderProgressBar: process.stderr.isTTY, renderResultsTable: false });
    });
    results.push(summarize(scenario.name, 10, result));
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/basic-info.json',
    `${JSON.stringify({ date: new Date().toISOString(), databaseUrl: databaseUrl.replace(/\/\/[^@]*@/, '//'), results }, null, 2)}\n`,
  );
} finally {
  server.kill('SIGTERM');
  removeSqliteFile(dbFile);
}
