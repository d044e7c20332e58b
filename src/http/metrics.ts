import { createServer, type Server } from 'node:http';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestEndObserver } from './requestEnd';

interface PoolLike {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/** What the gauges read when scraped; the composition root (src/app.ts) hands them over. */
export interface MetricSources {
  db: Knex;
  answers: { readonly stats: { hits: number; warmHits: number; bytes: number } };
  usage: { readonly oldestUnwrittenAt: number | undefined };
}

/** What the freshness gauges read (the coverage service). */
export interface FreshnessSource {
  lags(): Promise<Array<{ dataset: string; lag: number }>>;
  lastSuccesses(): Promise<Array<{ source: string; seconds: number }>>;
  failures(): Promise<number>;
  findings(): Promise<Array<{ check: string; severity: string; open: number }>>;
}

/**
 * The Prometheus metrics of one process (prom-client): requests by route template and status, their latency,
 * the database pool, the response cache, rate-limit refusals, how far usage counts lag behind, and Node's own
 * process metrics. Route templates, not URLs, label requests, so the series stay few (about 30 routes × the
 * statuses each answers); a path outside every route is `unmatched`.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer',
    labelNames: ['method', 'route', 'status'],
    // 1 ms … 10 s: from a warm cache hit to past the statement bound (DB_QUERY_TIMEOUT_MS).
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // The latency histogram's counts, by the same labels, read when scraped: one observation per request
    // instead of two (each hashes its labels, on every request).
    const latency = this.latency;
    new Counter({
      name: 'http_requests_total',
      help: 'Requests answered',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { metricName, labels, value } of (await latency.get()).values) {
          if (metricName === 'http_request_duration_seconds_count') this.inc(labels, value);
        }
      },
    });
  }

  /** Adds the gauges of the app's parts: database pool, answer cache, usage buffer. */
  watch(sources: MetricSources): void {
    const pool = () => (sources.db.client as { pool?: PoolLike }).pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (used, free) and requests waiting for one (waiting)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const current = pool();
        this.set({ state: 'used' }, current?.numUsed() ?? 0);
        this.set({ state: 'free' }, current?.numFree() ?? 0);
        this.set({ state: 'waiting' }, current?.numPendingAcquires() ?? 0);
      },
    });
    // Counts kept by the answer cache, read when scraped.
    const counted = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counted('response_cache_hits_total', 'Answers served from the response cache', () => sources.answers.stats.hits);
    counted(
      'response_cache_warm_hits_total',
      'Of the answers served from the response cache, those answered on the warm path, before validation and the handlers',
      () => sources.answers.stats.warmHits,
    );
    new Gauge({
      name: 'response_cache_bytes',
      help: 'Bytes of answers held by the response cache',
      registers: [this.registry],
      collect() {
        this.set(sources.answers.stats.bytes);
      },
    });
    new Gauge({
      name: 'usage_flush_lag_seconds',
      help: 'Age of the oldest usage count not yet written to the database (0 when none waits)',
      registers: [this.registry],
      collect() {
        const oldest = sources.usage.oldestUnwrittenAt;
        this.set(oldest === undefined ? 0 : (Date.now() - oldest) / 1000);
      },
    });
  }

  /**
   * The store's freshness: each dataset's lag in sessions, each source's last successful update and the
   * sessions an update failed to load, ever counted; read when scraped (a failing read leaves them unset).
   */
  watchFreshness(freshness: FreshnessSource): void {
    new Gauge({
      name: 'ashare_dataset_lag_sessions',
      help: 'Open sessions a dataset is behind the session expected by now (0: current)',
      labelNames: ['dataset'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { dataset, lag } of await freshness.lags().catch(() => [])) this.set({ dataset }, lag);
      },
    });
    new Gauge({
      name: 'ashare_sync_last_success_timestamp_seconds',
      help: 'When the last update of a source that loaded every session it needed finished (Unix time)',
      labelNames: ['source'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { source, seconds } of await freshness.lastSuccesses().catch(() => []))
          this.set({ source }, seconds);
      },
    });
    new Counter({
      name: 'ashare_sync_failed_sessions_total',
      help: 'Sessions an update failed to load (each failure of a dataset and session, the next run tries again)',
      registers: [this.registry],
      async collect() {
        this.reset();
        this.inc(await freshness.failures().catch(() => 0));
      },
    });
    new Gauge({
      name: 'ashare_quality_findings',
      help: 'Open findings of the audit, by check and severity (GET /v1/data/quality lists them)',
      labelNames: ['check', 'severity'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { check, severity, open } of await freshness.findings().catch(() => []))
          this.set({ check, severity }, open);
      },
    });
  }

  /** Counts and times every answer once it is sent, labelled by the route that handled it. */
  observer(): RequestEndObserver {
    return (req, res, finished, elapsedMs) => {
      if (!finished) return;
      const labels = { method: req.method, route: routeOf(req, res), status: String(res.statusCode) };
      this.latency.observe(labels, elapsedMs / 1000);
      if (res.statusCode === 429) this.rateLimited.inc();
    };
  }

  async render(res: Response): Promise<void> {
    res.type(this.registry.contentType).send(await this.registry.metrics());
  }
}

/** The contract operation's path template, or Express's route for the open routes, else `unmatched`. */
function routeOf(req: Request, res: Response): string {
  if (res.locals.operation) return res.locals.operation.path;
  const expressRoute = (req.route as { path?: unknown } | undefined)?.path;
  return typeof expressRoute === 'string' ? req.baseUrl + expressRoute : 'unmatched';
}

/** A listener of its own for GET /metrics (METRICS_PORT), e.g. on a port the load balancer does not expose. */
export function serveMetrics(
  port: number,
  host: string,
  registry: { metrics(): Promise<string>; contentType: string },
): Server {
  return createServer((req, res) => {
    if (req.url !== '/metrics') return void res.writeHead(404).end();
    registry.metrics().then(
      (text) => res.setHeader('Content-Type', registry.contentType).end(text),
      () => res.writeHead(503).end(),
    );
  }).listen(port, host);
}
