import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { serveMetrics } from './http/metrics';
import { LIVE_MESSAGE } from './db/liveBus';
import { paths } from './paths';

/**
 * `npm run start:cluster`: one worker per core (WEB_CONCURRENCY overrides), each a whole server (src/main.ts)
 * on the same port; Node's primary hands out connections round-robin. Workers share nothing but the database
 * and Redis, so REDIS_URL is needed for one rate budget per account (without it each worker counts its own).
 * The first worker migrates and loads the demo data before the others start (no two run migrations at once).
 * A worker that dies is replaced (one that dies before it ever listened stops the cluster: a bad setting would
 * only die again); SIGTERM is passed to every worker, each drains gracefully, then the primary exits 0. With
 * METRICS_PORT the primary serves the metrics of all workers summed (prom-client's AggregatorRegistry); without
 * it, /metrics on the API port is the metrics of whichever worker answers.
 */
if (cluster.isPrimary) {
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const size = Number(process.env.WEB_CONCURRENCY) || availableParallelism();
  if (!process.env.REDIS_URL) logger.warn({ workers: size }, 'no REDIS_URL: each worker keeps its own rate budget');
  let stopping = false;
  const listened = new WeakSet<Worker>();
  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => listened.add(worker));
    // The live stream's events without Redis: the polling worker sends them here, every worker gets them (src/db/liveBus.ts).
    worker.on('message', (message: { type?: string }) => {
      if (message?.type !== LIVE_MESSAGE) return;
      for (const each of Object.values(cluster.workers ?? {})) each?.send(message);
    });
    return worker;
  };
  fork().once('listening', () => {
    for (let i = 1; i < size; i++) fork();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!listened.has(worker)) {
      logger.fatal({ pid: worker.process.pid, code }, 'a worker died before it listened; stopping');
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  if (process.env.METRICS_PORT) {
    const registry = new AggregatorRegistry();
    serveMetrics(Number(process.env.METRICS_PORT), process.env.HOST ?? '0.0.0.0', {
      contentType: registry.contentType,
      metrics: () => registry.clusterMetrics(),
    }).unref();
  }
  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} else {
  // By path, not `import './main'`: a bundler would inline the server into this file, and the primary would
  // then load every package of the server (express, knex, the validator) that only the workers run.
  await import(pathToFileURL(paths.server).href);
}
