import { execFile } from 'node:child_process';
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { createApp } from './app';
import { Metrics, serveMetrics } from './http/metrics';
import { createHttpServer } from './http/server';
import { gracefulShutdown } from './http/shutdown';
import { Readiness } from './modules/system/readiness.service';
import { loadConfig } from './config';
import { loadContract } from './http/contract';
import { operationPolicies } from './http/operations';
import { LimiterStore } from './http/rateLimitStore';
import { UsageRecorder } from './modules/billing/usage.service';
import { connect } from './db/connection';
import { connectRedis } from './db/redis';
import { migrateLatest } from './db/migrate';
import { storeIsEmpty } from './db/storeState';
import { CHILD_EXEC_ARGV, paths } from './paths';
import { ensureDemoKey } from './modules/accounts/demoAccount.service';
import { schedulePruning } from './modules/market/retention.service';
import { liveBusFor } from './db/liveBus';
import { startQuoteFeed } from './live/pollerLock';
import { startUpdateSchedule } from './ingest/update/updateSchedule';
import { countCoverage } from './modules/freshness/coverage.service';
import { keepFlatFiles } from './modules/tushare/flatFiles.service';
import { StreamHub } from './modules/market/streamHub.service';

const config = loadConfig();
// Lines are written in 4 KB batches, not one write(2) per request; a quiet server still shows them within
// a second, and pino flushes the rest on exit.
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const logger = pino({ level: config.LOG_LEVEL }, logDestination);
setInterval(() => logDestination.flush(), 1000).unref();
// Requests run on a pool whose every statement is bounded (503 past DB_QUERY_TIMEOUT_MS); migrations, the
// first demo load and the nightly pruning run on a pool of their own without that bound.
const db = connect(config.DATABASE_URL, { queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS, logger });
const maintenanceDb = connect(config.DATABASE_URL, { logger });
// The data routes read a replica when one is named; accounts, keys and usage stay on the primary.
const readDb = config.DATABASE_READ_URL
  ? connect(config.DATABASE_READ_URL, { queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS, logger })
  : db;

await migrateLatest(maintenanceDb);
// The first start loads the demo data through the CLI, in a process of its own: the serving process then never
// holds what a load allocates (the CSV parsing, the pinyin dictionary), memory it would keep.
if (config.DEMO_DATA === 'auto' && (await storeIsEmpty(maintenanceDb))) {
  const { stdout } = await promisify(execFile)(process.execPath, [...CHILD_EXEC_ARGV, paths.cli, 'demo'], {
    env: process.env,
  });
  logger.info({ loader: stdout.trim() }, 'loaded the demo data');
}
const createdKey = await ensureDemoKey(maintenanceDb, config.DEMO_API_KEY);

const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined;
const usage = new UsageRecorder(db, logger);
const limiters = new LimiterStore(redis);
if (config.MINUTE_RETENTION_DAYS !== 'off')
  schedulePruning(maintenanceDb, config.MINUTE_RETENTION_DAYS, (err) =>
    logger.error({ err }, 'pruning minute data failed'),
  );

// The live stream: every process serves streams from its hub; the one poller publishes on the bus that reaches them all.
const liveHub = new StreamHub();
const liveBus = await liveBusFor(config.REDIS_URL, logger, (events) => liveHub.receive(events));
const quoteFeed = await startQuoteFeed(maintenanceDb, config, logger, redis, liveBus);
// The after-close update (SYNC_SCHEDULE), in one process of all: on the maintenance pool, whose statements are not
// bounded; after each run it counts the store for coverage, so that no request counts it.
const updates = startUpdateSchedule(maintenanceDb, config, logger, redis, async () => {
  await countCoverage(maintenanceDb, { schedule: config.SYNC_SCHEDULE, minCoverage: config.SYNC_MIN_COVERAGE });
  await keepFlatDir();
});

/** FLAT_DIR written again where the store changed (all of it the first time): at start, and after each update. */
async function keepFlatDir(): Promise<void> {
  if (config.FLAT_DIR === undefined) return;
  const started = performance.now();
  const summary = await keepFlatFiles(maintenanceDb, config.FLAT_DIR);
  logger.info({ ...summary, seconds: Math.round(performance.now() - started) / 1000 }, 'flat files kept current');
}
// In one process of a cluster: the first worker, as it speaks for all at start.
if ((cluster.worker?.id ?? 1) === 1)
  void keepFlatDir().catch((err: Error) => logger.error({ err: err.message }, 'writing the flat files failed'));

const readiness = new Readiness(db, readDb, config.REPLICA_MAX_LAG_SECONDS);
const metrics = new Metrics();
const app = createApp({
  db,
  readDb,
  logger,
  validateResponses: config.VALIDATE_RESPONSES,
  limiters,
  usage,
  readiness,
  metrics,
  metricsOnOwnPort: config.METRICS_PORT !== undefined,
  corsOrigins: config.CORS_ORIGINS,
  mcpAllowedHosts: config.MCP_ALLOWED_HOSTS,
  cursorSecret: config.CURSOR_SECRET,
  snapshotDir: config.SNAPSHOT_DIR,
  flatDir: config.FLAT_DIR,
  answerCache: { enabled: config.RESPONSE_CACHE },
  liveHub,
  trustProxy: config.TRUST_PROXY,
  coverage: { schedule: config.SYNC_SCHEDULE, minCoverage: config.SYNC_MIN_COVERAGE },
  readyMaxLagSessions: config.READY_MAX_LAG_SESSIONS,
});
// Under start:cluster the primary serves METRICS_PORT with every worker's metrics summed; a worker answers
// the primary's requests once an AggregatorRegistry exists in it (prom-client adds the listener then).
if (cluster.isWorker) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
}
const metricsServer =
  config.METRICS_PORT === undefined || cluster.isWorker
    ? undefined
    : serveMetrics(config.METRICS_PORT, config.HOST, metrics.registry);
const server = createHttpServer(app, {
  headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
  requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
  keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  maxConnections: config.HTTP_MAX_CONNECTIONS,
});
server.listen(config.PORT, config.HOST, () => {
  if ((cluster.worker?.id ?? 1) !== 1) return; // under start:cluster, the first worker speaks for all
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  const demoKey = config.DEMO_API_KEY ?? createdKey;
  const basicInfo = operationPolicies(loadContract()).find(
    (operation) => operation.operationId === 'getBasicInfo',
  )!.path;
  console.log(`ashare-api listening on ${base}`);
  console.log(`API docs:      ${base}/docs`);
  console.log(
    demoKey
      ? `Demo API key:  ${demoKey}\nTry:           curl -H 'X-API-KEY: ${demoKey}' '${base}${basicInfo}?symbol=600519'`
      : 'Demo API key:  shown at first start only; set DEMO_API_KEY to fix its value',
  );
});

const shutdown = gracefulShutdown({
  server,
  readiness,
  graceMs: config.SHUTDOWN_GRACE_MS,
  logger,
  onDrain: () => liveHub.closeAll(),
  async release() {
    metricsServer?.close();
    await quoteFeed?.stop();
    await updates?.stop();
    await liveBus.close();
    await usage.stop();
    redis?.disconnect();
    await db.destroy();
    if (readDb !== db) await readDb.destroy();
    await maintenanceDb.destroy();
    logDestination.flushSync();
  },
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
