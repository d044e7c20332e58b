/**
 * `make bench-footprint`: how fast the production process starts and how much it holds idle.
 *
 * For each target (this checkout's build as `npm start` runs it, the same under `npm run start:cluster` with two
 * workers, and the sources under tsx; FOOTPRINT_BEFORE=<checkout> adds another checkout's `npm start`, e.g. the
 * commit before this work), a first start loads the demo data into a SQLite store of its own (not measured);
 * then FOOTPRINT_ROUNDS restarts on that store measure the time from spawn to a healthy /healthz and a ready
 * /readyz, and the RSS (/proc, per worker for the cluster) 5 s after ready and once settled, idle for 30 s: V8's
 * memory reducer shrinks the heap of a process left idle some seconds after its start (the young generation it
 * grew while starting; both figures are in the results), and the settled figure is what an idle server holds. Results: bench/results/footprint.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../test/support/childServer';
import { childrenOf, rssMb } from './support/processStats';

const ROUNDS = Number(process.env.FOOTPRINT_ROUNDS ?? 3);
/** How long after ready an idle process is measured settled. */
const SETTLED_MS = 30_000;
const KEY = 'ak_demo_footprint_bench_key_000000';

interface Target {
  name: string;
  cwd: string;
  /** Node's arguments, as the package.json script gives them (after `node`). */
  args: string[];
  env?: Record<string, string>;
}

const scriptArgs = (cwd: string, script: string) =>
  (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).scripts[script] as string).split(' ').slice(1);

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (
    const deadline = Date.now() + 180_000;
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ));
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} never answered`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

async function start(target: Target, databaseUrl: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, target.args, {
    cwd: target.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DEMO_API_KEY: KEY,
      LOG_LEVEL: 'warn',
      ...target.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, child);
  const healthyMs = performance.now() - started;
  await waitFor(`${base}/readyz`, child);
  const readyMs = performance.now() - started;
  return { child, healthyMs, readyMs };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function measure(target: Target) {
  const dir = mkdtempSync(join(tmpdir(), 'ashare-footprint-'));
  const databaseUrl = `sqlite://${join(dir, 'store.sqlite')}`;
  try {
    await stop((await start(target, databaseUrl)).child); // the first start loads the demo data
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { child, healthyMs, readyMs } = await start(target, databaseUrl);
      const workers = () =>
        childrenOf(child.pid!).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node'));
      const rss = (at: string) =>
        target.env?.WEB_CONCURRENCY
          ? { [`primary${at}Mb`]: rssMb(child.pid!), [`workers${at}Mb`]: workers().map(rssMb) }
          : { [`rss${at}Mb`]: rssMb(child.pid!) };
      await new Promise((done) => setTimeout(done, 5000));
      const early = rss('After5s');
      await new Promise((done) => setTimeout(done, SETTLED_MS - 5000));
      rounds.push({ healthyMs: Math.round(healthyMs), readyMs: Math.round(readyMs), ...early, ...rss('') });
      await stop(child);
      console.log(target.name, JSON.stringify(rounds.at(-1)));
    }
    return { name: target.name, command: `node ${target.args.join(' ')}`, rounds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const here = resolve('.');
const targets: Target[] = [
  { name: 'npm start (build)', cwd: here, args: scriptArgs(here, 'start') },
  {
    name: 'npm run start:cluster, 2 workers (build)',
    cwd: here,
    args: scriptArgs(here, 'start:cluster'),
    env: { WEB_CONCURRENCY: '2' },
  },
  { name: 'npm run dev (sources under tsx)', cwd: here, args: scriptArgs(here, 'dev') },
];
if (process.env.FOOTPRINT_BEFORE)
  targets.push({
    name: `before: npm start of ${process.env.FOOTPRINT_BEFORE}`,
    cwd: resolve(process.env.FOOTPRINT_BEFORE),
    args: scriptArgs(resolve(process.env.FOOTPRINT_BEFORE), 'start'),
  });

const results = [];
for (const target of targets) results.push(await measure(target));
writeFileSync(
  'bench/results/footprint.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rounds: ROUNDS, results }, null, 2)}\n`,
);
console.log('bench/results/footprint.json');
