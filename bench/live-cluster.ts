/**
 * `make bench-live-cluster` (issue 53): the live stream's fan-out from `npm run start:cluster` (src/cluster.ts,
 * BENCH_WORKERS workers, 2) to BENCH_CLIENTS (5,000) stream clients in a process of their own, events published
 * on Redis as the quote feed publishes them (REDIS_URL, 127.0.0.1:6379 by default): per event, the time from its
 * publishing to each client's receipt (p50, p99; target p99 ≤ 500 ms), the deliveries (every client gets every
 * event: none lost), the workers' RSS and its growth per connected client. Into bench/results/live.json
 * (`fanout_cluster`), beside bench/live.ts's figures.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { connect } from '../src/db/connection';
import { LIVE_CHANNEL } from '../src/db/liveBus';
import { migrateLatest } from '../src/db/migrate';
import { eventsOf } from '../src/domain/market/liveEvents';
import { keyOnPlan } from '../test/support/marketData';
import { childrenOf, cpuMs, rssMb } from './support/processStats';
import { freePort, round2 } from './support/reference';
import { benchQuote, child, receiptsOf, seedStreamStore } from './support/streamBench';
import { percentile } from './support/timedRequests';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const STREAMS_PER_KEY = 5;
const RESULTS = 'bench/results/live.json';

/** The resident memory of the cluster's workers, MB. */
const workersRssMb = (primary: number) => childrenOf(primary).reduce((sum, pid) => sum + rssMb(pid), 0);

const dir = mkdtempSync(join(tmpdir(), 'ashare-bench-cluster-'));
const url = `sqlite://${dir}/bench.sqlite`;
const db = connect(url);
await migrateLatest(db);
await seedStreamStore(db);
const keys: string[] = [];
for (let i = 0; i < Math.ceil(CLIENTS / STREAMS_PER_KEY); i++)
  keys.push(await keyOnPlan(db, 'enterprise', { perMinute: 1_000_000_000 }));
await db.destroy();

const port = await freePort();
const cluster = spawn(process.execPath, ['--import', 'tsx', 'src/cluster.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    DEMO_DATA: 'off',
    REDIS_URL,
    WEB_CONCURRENCY: String(WORKERS),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const publisher = new Redis(REDIS_URL);
try {
  for (let tries = 0; ; tries++) {
    if (tries > 600) throw new Error('the cluster did not become ready');
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    // Every worker listens once the first has migrated: wait for all of them.
    if (ready && childrenOf(cluster.pid!).length >= WORKERS) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssIdle = workersRssMb(cluster.pid!);
  const clients = await child('bench/support/sseClients.ts', {
    BENCH_BASE: base,
    BENCH_KEYS: keys.join(','),
    BENCH_CLIENTS: String(CLIENTS),
    BENCH_EVENTS: String(EVENTS),
  });
  if (clients.first !== 'ready') throw new Error(clients.first);
  const rssConnected = workersRssMb(cluster.pid!);
  const latenciesLine = new Promise<string>((resolve) => clients.lines.once('line', resolve));
  const workers = childrenOf(cluster.pid!);
  const cpuOf = () => ({
    workers: workers.reduce((sum, pid) => sum + cpuMs(pid), 0),
    clients: cpuMs(clients.process.pid!),
  });
  const cpuBefore = cpuOf();
  let id = 1;
  for (let i = 0; i < EVENTS; i++) {
    await publisher.publish(LIVE_CHANNEL, JSON.stringify(eventsOf({ quotes: [benchQuote(i)], bars: [] }, () => id++)));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { latencies, inOrder } = receiptsOf(await latenciesLine);
  const cpuAfter = cpuOf();
  const results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  results.fanout_cluster = {
    date: new Date().toISOString(),
    workers: WORKERS,
    clients: CLIENTS,
    events: EVENTS,
    deliveries: latencies.length,
    expected_deliveries: CLIENTS * EVENTS,
    every_client_in_order: inOrder,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    // CPU per delivery, from the first event's publishing to the last one's receipt: the workers' (the fan-out) and
    // the client process's (receiving and parsing), both on this machine's cores.
    workers_cpu_us_per_delivery: round2(((cpuAfter.workers - cpuBefore.workers) * 1000) / latencies.length),
    clients_cpu_us_per_delivery: round2(((cpuAfter.clients - cpuBefore.clients) * 1000) / latencies.length),
    workers_rss_mb: Math.round(rssConnected),
    workers_rss_kb_per_connected_client: Math.round(((rssConnected - rssIdle) * 1024) / CLIENTS),
  };
  console.log(JSON.stringify(results.fanout_cluster, null, 2));
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  clients.process.kill();
} finally {
  publisher.disconnect();
  cluster.kill('SIGTERM');
  await new Promise((resolve) => cluster.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
