/**
 * `make bench-live` (issue 38): the quote feed and the live stream at the real market's size.
 * 1. One sweep of 5,500 symbols against a local source speaking each wire format (a process of its own): wall
 *    time, this process's CPU and RSS per sweep, requests per sweep, with the snapshots written (live_quotes
 *    and minute bars, SQLite).
 * 2. Fan-out to 1,000 stream clients (a process of their own) from one server process: per event, the time
 *    from publishing the snapshot to each client's receipt (p50, p99), and the server's RSS.
 * Figures into bench/results/live.json.
 */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { eventsOf } from '../src/domain/market/liveEvents';
import { liveFeed } from '../src/live/liveFeed';
import { StreamHub } from '../src/modules/market/streamHub.service';
import { keyOnPlan } from '../test/support/marketData';
import { benchCodes } from './support/benchCodes';
import { percentile } from './support/timedRequests';
import { benchQuote, child, receiptsOf, seedStreamStore } from './support/streamBench';

const SYMBOLS = Number(process.env.BENCH_SYMBOLS ?? 5500);
const SWEEPS = Number(process.env.BENCH_SWEEPS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const logger = pino({ level: 'warn' });
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const dir = mkdtempSync(join(tmpdir(), 'ashare-bench-live-'));
const db = connect(`sqlite://${dir}/bench.sqlite`);
const results: Record<string, unknown> = { date: new Date().toISOString(), symbols: SYMBOLS };
try {
  await migrateLatest(db);
  const source = await child('bench/support/quoteSourceProcess.ts', { BENCH_SYMBOLS: String(SYMBOLS) });
  const codes = benchCodes(SYMBOLS);
  for (const name of ['tencent', 'sina'] as const) {
    const feed = liveFeed(db, { source: name, url: source.first, symbols: codes.join(','), intervalMs: 3000 }, logger);
    const sweeps = [];
    for (let i = 0; i < SWEEPS; i++) {
      const [cpu, started] = [process.cpuUsage(), performance.now()];
      const report = await feed.sweep();
      const used = process.cpuUsage(cpu);
      sweeps.push({
        ms: Math.round(performance.now() - started),
        cpu_ms: Math.round((used.user + used.system) / 1000),
        rss_mb: mb(process.memoryUsage().rss),
        requests: report.requests,
        snapshots: report.snapshots,
      });
      console.error(`${name} sweep ${i + 1}: ${JSON.stringify(sweeps.at(-1))}`);
      await new Promise((resolve) => setTimeout(resolve, 600)); // the source moves every 500 ms: each sweep sees new snapshots
    }
    results[`sweep_${name}`] = {
      sweeps,
      p50_ms: percentile(
        sweeps.map((s) => s.ms).sort((a, b) => a - b),
        50,
      ),
      requests_per_sweep: sweeps[0]!.requests,
    };
  }
  source.process.kill();

  // Fan-out: 1,000 clients of one symbol's quotes; each event carries its publishing time in the quote's name.
  const hub = new StreamHub({ streamsPerKey: CLIENTS + 10, replayEvents: 1000 });
  await seedStreamStore(db);
  const key = await keyOnPlan(db, 'enterprise', { perMinute: 1_000_000 });
  const app = createApp({ db, logger, validateResponses: false, liveHub: hub });
  const server = createServer(app.classes, app.listener).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // The server's memory before the clients connect and once they all hold an idle stream, after a full
  // collection each time (`make bench-live` exposes gc): what each client costs, its garbage left out.
  const settled = async () => {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rss, heapUsed, external } = process.memoryUsage();
    return { rss, held: heapUsed + external };
  };
  const idle = await settled();
  const clients = await child('bench/support/sseClients.ts', {
    BENCH_BASE: base,
    BENCH_KEYS: key,
    BENCH_CLIENTS: String(CLIENTS),
    BENCH_EVENTS: String(EVENTS),
  });
  if (clients.first !== 'ready') throw new Error(clients.first);
  const connected = await settled();
  const perClientKb = (bytes: number) => Math.round((bytes / 1024 / CLIENTS) * 10) / 10;
  const perIdleClient = {
    rss_kb: perClientKb(connected.rss - idle.rss),
    heap_and_external_kb: perClientKb(connected.held - idle.held),
  };
  // readline emits each line as it comes, listened to or not: the latencies' line is awaited from now on.
  const latenciesLine = new Promise<string>((resolve) => clients.lines.once('line', resolve));
  const rssBefore = process.memoryUsage().rss;
  let id = 1;
  for (let i = 0; i < EVENTS; i++) {
    hub.receive(eventsOf({ quotes: [benchQuote(i)], bars: [] }, () => id++));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { latencies, inOrder } = receiptsOf(await latenciesLine);
  results.fanout = {
    clients: CLIENTS,
    events: EVENTS,
    deliveries: latencies.length,
    every_client_in_order: inOrder,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    server_rss_mb: mb(process.memoryUsage().rss),
    server_rss_growth_mb: mb(process.memoryUsage().rss - rssBefore),
    server_per_idle_client: perIdleClient,
  };
  clients.process.kill();
  server.close();
  console.log(JSON.stringify(results, null, 2));
  // bench/live-cluster.ts's figures stay beside these.
  const kept = existsSync('bench/results/live.json') ? JSON.parse(readFileSync('bench/results/live.json', 'utf8')) : {};
  writeFileSync(
    'bench/results/live.json',
    `${JSON.stringify({ ...results, fanout_cluster: kept.fanout_cluster }, null, 2)}\n`,
  );
} finally {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
