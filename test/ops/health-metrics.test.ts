import { expect } from 'chai';
import { connect } from '../../src/db/connection';
import { Readiness } from '../../src/modules/system/readiness.service';
import { startServer } from '../support/server';
import { useSharedFixture } from '../support/fixture';
import { insertSecurities, keyOnPlan, loadCalendar, loadMarket2024 } from '../support/marketData';
import { useTestDb } from '../support/testDb';

/** The value of one series in Prometheus text (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('ops: /healthz, /readyz and /metrics', () => {
  const api = useSharedFixture();
  const metrics = async () => (await fetch(`${api.baseUrl}/metrics`)).text();

  it('/healthz and /readyz answer without a key; ready with every check ok', async () => {
    expect(await (await fetch(`${api.baseUrl}/healthz`)).json()).to.deep.equal({ status: 'ok' });
    const ready = await fetch(`${api.baseUrl}/readyz`);
    expect(ready.status).to.equal(200);
    const { stale_datasets: stale, ...report } = await ready.json();
    expect(report).to.deep.equal({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', data: 'ok', accepting: 'ok', replica: 'ok', freshness: 'ok' },
    });
    // The fixture's sessions are of 2024: named stale (without READY_MAX_LAG_SESSIONS, still ready).
    expect(stale.map((one: { dataset: string }) => one.dataset)).to.include.members([
      'daily',
      'adj_factor',
      'daily_basic',
    ]);
  });

  it('/metrics counts requests by route template and status, in Prometheus text, without a key', async () => {
    const ok = 'http_requests_total{method="GET",route="/v1/stock/basic-info",status="200"}';
    const bad = 'http_requests_total{method="GET",route="/v1/stock/basic-info",status="400"}';
    const timed = 'http_request_duration_seconds_count{method="GET",route="/v1/stock/basic-info",status="200"}';
    const before = await metrics();
    for (const symbol of ['600519', '000001.SZ', '600519'])
      expect((await api.get(`/v1/stock/basic-info?symbol=${symbol}`)).status).to.equal(200);
    expect((await api.get('/v1/stock/basic-info?symbol=12345')).status).to.equal(400);
    const response = await fetch(`${api.baseUrl}/metrics`);
    expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0.0.4/);
    const after = await response.text();
    expect(sample(after, ok) - sample(before, ok)).to.equal(3);
    expect(sample(after, bad) - sample(before, bad)).to.equal(1);
    expect(sample(after, timed) - sample(before, timed)).to.equal(3);
    for (const series of [
      'db_pool_connections{state="used"}',
      'db_pool_connections{state="waiting"}',
      'response_cache_bytes',
      'response_cache_hits_total',
      'rate_limit_rejections_total',
      'usage_flush_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(after, series).to.match(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} \\d`, 'm'));
    }
  });
});

describe("ops: the store's freshness in /metrics and /readyz (READY_MAX_LAG_SESSIONS)", () => {
  const testDb = useTestDb();
  /** 18:00 Beijing on 2024-06-28; Ping An Bank's bars end on the 26th: two sessions behind. */
  const clock = () => new Date('2024-06-28T18:00:00+08:00');
  before(async () => {
    await loadCalendar(testDb.db, '2024-06-01', '2024-07-31');
    await insertSecurities(testDb.db, [{ ts_code: '000001.SZ', name: '平安银行' }]);
    await testDb.db('daily_bars').insert(
      ['2024-06-24', '2024-06-25', '2024-06-26'].map((trade_date) => ({
        ts_code: '000001.SZ',
        trade_date,
        close: 10,
      })),
    );
    await testDb.db('update_runs').insert({
      source: 'baostock',
      trigger: 'command',
      started_at: '2024-06-26 09:45:00',
      finished_at: '2024-06-26 09:47:12',
      status: 'ok',
      sessions: 1,
      rows: 3,
    });
    await testDb.db('update_sessions').insert({
      dataset: 'daily',
      trade_date: '2024-06-21',
      state: 'failed',
      rows: 0,
      expected: 1,
      source: 'baostock',
      reason: 'refused',
      failures: 3,
      updated_at: '2024-06-26 09:47:12',
    });
  });

  it('gauges: the lag of each dataset, the last success of each source, the failed sessions counted', async () => {
    const app = await startServer(testDb.db, { clock });
    try {
      const text = await (await fetch(`${app.baseUrl}/metrics`)).text();
      expect(sample(text, 'ashare_dataset_lag_sessions{dataset="daily"}')).to.equal(2);
      expect(sample(text, 'ashare_sync_last_success_timestamp_seconds{source="baostock"}')).to.equal(1719395232);
      expect(sample(text, 'ashare_sync_failed_sessions_total')).to.equal(3);
    } finally {
      await app.close();
    }
  });

  it('/readyz names the stale datasets; past READY_MAX_LAG_SESSIONS it fails', async () => {
    for (const [max, status, freshness] of [
      [1, 503, 'failing'],
      [2, 200, 'ok'],
    ] as const) {
      const app = await startServer(testDb.db, { clock, readyMaxLagSessions: max });
      try {
        const response = await fetch(`${app.baseUrl}/readyz`);
        const body = await response.json();
        expect([response.status, body.checks.freshness], `at most ${max}`).to.deep.equal([status, freshness]);
        expect(body.stale_datasets).to.deep.equal([{ dataset: 'daily', lag: 2 }]);
      } finally {
        await app.close();
      }
    }
  });
});

describe('ops: /metrics of the response cache and the rate limit', () => {
  const testDb = useTestDb();
  before(async () => {
    await loadMarket2024(testDb.db);
    await insertSecurities(testDb.db, [{ ts_code: '000001.SZ', name: '平安银行' }]);
  });

  it('a repeat served from the cache is one hit, a request past the budget one rejection', async () => {
    // Enterprise takes the account's own limit: a budget of two.
    const key = await keyOnPlan(testDb.db, 'enterprise');
    await testDb.db('accounts').update({ rate_limit_per_minute: 2 });
    const app = await startServer(testDb.db, { dataVersionTtlMs: 0 });
    try {
      const metrics = async () => (await fetch(`${app.baseUrl}/metrics`)).text();
      const daily = () =>
        fetch(`${app.baseUrl}/v1/market/daily?symbol=000001.SZ&begin_date=2024-06-03&end_date=2024-06-07`, {
          headers: { 'X-API-KEY': key },
        });
      const before = await metrics();
      expect([(await daily()).status, (await daily()).status, (await daily()).status]).to.deep.equal([200, 200, 429]);
      const after = await metrics();
      expect(sample(after, 'response_cache_hits_total') - sample(before, 'response_cache_hits_total')).to.equal(1);
      expect(sample(after, 'rate_limit_rejections_total') - sample(before, 'rate_limit_rejections_total')).to.equal(1);
      expect(sample(after, 'response_cache_bytes')).to.be.above(0);
    } finally {
      await app.close();
    }
  });
});

describe('ops: /readyz says not ready, with the failing checks', () => {
  const testDb = useTestDb();

  it('no data loaded → 503 data failing; draining (SIGTERM) → 503 accepting failing', async () => {
    const readiness = new Readiness(testDb.db);
    const app = await startServer(testDb.db, { readiness });
    try {
      const empty = await fetch(`${app.baseUrl}/readyz`);
      expect(empty.status).to.equal(503);
      expect(await empty.json()).to.deep.equal({
        code: 503,
        message: 'Not ready',
        error: 'service_unavailable',
        checks: { database: 'ok', migrations: 'ok', data: 'failing', accepting: 'ok', replica: 'ok', freshness: 'ok' },
      });
      await testDb
        .db('securities')
        .insert({ ts_code: '600519.SH', symbol: '600519', kind: 'stock', name: '贵州茅台', exchange: 'SSE' });
      expect((await fetch(`${app.baseUrl}/readyz`)).status).to.equal(200);
      readiness.drain();
      expect((await (await fetch(`${app.baseUrl}/readyz`)).json()).checks).to.deep.equal({
        database: 'ok',
        migrations: 'ok',
        data: 'ok',
        accepting: 'failing',
        replica: 'ok',
        freshness: 'ok',
      });
    } finally {
      await app.close();
    }
  });

  it('migrations not applied (their record gone) → 503 migrations failing', async () => {
    const bare = connect(testDb.url);
    await bare.schema.dropTable('knex_migrations');
    const app = await startServer(bare);
    try {
      const response = await fetch(`${app.baseUrl}/readyz`);
      expect(response.status).to.equal(503);
      expect((await response.json()).checks).to.deep.equal({
        database: 'ok',
        migrations: 'failing',
        data: 'ok',
        accepting: 'ok',
        replica: 'ok',
        freshness: 'ok',
      });
    } finally {
      await app.close();
      await bare.destroy();
    }
  });
});
