import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { connect } from '../../src/db/connection';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { connectRedis } from '../../src/db/redis';
import { KeyCache } from '../../src/modules/accounts/keyCache.service';
import { LimiterStore } from '../../src/http/rateLimitStore';
import { call } from '../support/http';
import { createKey, signUp } from '../support/accounts';
import { startServer } from '../support/server';
import { insertSecurities, keyOnPlan, loadMarket2024 } from '../support/marketData';
import { useTestDb } from '../support/testDb';

/** Key lookups are trusted this long; production's KeyCache keeps them 10 s (the documented revocation delay). */
const KEY_TTL_MS = 2000;

interface Instance {
  baseUrl: string;
  db: Knex;
  redis: Redis;
  close(): Promise<void>;
}

/**
 * Two instances as in production: each with its own database pool, Redis client, key cache, response cache
 * and data-version cache (1 s, the default); they share only MariaDB/SQLite and Redis.
 */
async function startInstance(url: string, prefix: string): Promise<Instance> {
  const db = connect(url, { queryTimeoutMs: 2000 });
  const redis = await connectRedis('redis://127.0.0.1:6379', pino({ level: 'silent' }));
  const app = await startServer(db, { limiters: new LimiterStore(redis, prefix), keyCache: new KeyCache(KEY_TTL_MS) });
  return {
    baseUrl: app.baseUrl,
    db,
    redis,
    async close() {
      await app.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}

const get = async (instance: Instance, path: string, key: string) => {
  const response = await fetch(instance.baseUrl + path, { headers: { 'X-API-KEY': key } });
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe('several instances on one database and one Redis', function () {
  this.timeout(60_000);
  // Declared before the database's own after hook, so it stops what uses the database first.
  after(async () => {
    await a?.close();
    await b?.close();
  });
  const testDb = useTestDb();
  let a: Instance;
  let b: Instance;
  let key: string;
  before(async () => {
    await loadMarket2024(testDb.db);
    await insertSecurities(testDb.db, [
      { ts_code: '000001.SZ', name: '平安银行' },
      { ts_code: '000333.SZ', name: '美的集团' },
      { ts_code: '600519.SH', name: '贵州茅台' },
    ]);
    key = await keyOnPlan(testDb.db, 'enterprise');
    const prefix = `instances-${process.pid}-${Date.now()}`;
    [a, b] = await Promise.all([startInstance(testDb.url, prefix), startInstance(testDb.url, prefix)]);
  });

  it('give identical answers', async () => {
    await testDb.db('accounts').update({ rate_limit_per_minute: 100_000 });
    for (const path of [
      '/v1/market/daily?symbol=000001.SZ,000333.SZ&begin_date=2024-03-01&end_date=2024-03-08',
      '/v1/market/klines?symbol=000001.SZ&interval=weekly&limit=5',
      '/v1/market/trading-calendar?start_date=2024-09-27&end_date=2024-10-09',
      '/v1/stock/basic-info?symbol=600519',
      '/v1/stock/search?keyword=平安',
      '/v1/market/daily?symbol=999999.SZ',
    ]) {
      const [fromA, fromB] = await Promise.all([get(a, path, key), get(b, path, key)]);
      expect(fromA.status, path).to.equal(fromB.status);
      expect(fromA.body, path).to.deep.equal(fromB.body);
    }
  });

  it('share one rate budget exactly: 10 a minute, asked alternately, is 10 answers and then 429s', async () => {
    const budgeted = await keyOnPlan(testDb.db, 'enterprise');
    const accountId = (await testDb.db('api_keys').orderBy('id', 'desc').first('account_id')).account_id;
    await testDb.db('accounts').where({ id: accountId }).update({ rate_limit_per_minute: 10 });
    const statuses: number[] = [];
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 13; i++) {
      const answer = await get(i % 2 ? b : a, '/v1/stock/basic-info?symbol=600519', budgeted);
      statuses.push(answer.status);
      remaining.push(answer.headers.get('x-rate-limit-remaining'));
    }
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429, 429]);
    expect(remaining).to.deep.equal(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0', '0', '0', '0']);
  });

  it('both serve new data within a second of an import on either (data versions, read at most once a second)', async () => {
    const path = '/v1/market/daily?symbol=000001.SZ&begin_date=2024-12-30&end_date=2025-01-03&adjusted=false';
    const dates = async (instance: Instance) =>
      (await get(instance, path, key)).body.data.daily.map((bar: { date: string }) => bar.date);
    for (const instance of [a, b, a, b]) expect(await dates(instance)).to.deep.equal(['2024-12-31', '2024-12-30']); // newest first; now cached on both
    // The import (through instance A's pool): a new bar and the market version bump an import ends with.
    await a.db('daily_bars').insert({
      ts_code: '000001.SZ',
      trade_date: '2025-01-02',
      open: 11.73,
      high: 11.75,
      low: 11.4,
      close: 11.43,
      pre_close: 11.7,
      change: -0.27,
      pct_chg: -2.3077,
      vol: 1819821.35,
      amount: 2.0951e9,
      turnover: null,
      published_at: '2025-01-02 08:00:00',
    });
    await bumpDataVersion(a.db, 'market');
    const imported = Date.now();
    const seenAt = await Promise.all(
      [a, b].map(async (instance) => {
        while (!(await dates(instance)).includes('2025-01-02')) await new Promise((resolve) => setTimeout(resolve, 50));
        return Date.now() - imported;
      }),
    );
    // One second of data-version TTL, plus the one request that sees it (slack for a loaded CI machine).
    for (const ms of seenAt) expect(ms).to.be.below(1500);
  });

  it(`a deleted key stops working on both: at once where deleted, within the key cache's TTL on the other`, async () => {
    const user = await signUp(a.baseUrl, 'instances');
    const created = await createKey(a.baseUrl, user.token, { name: 'both' });
    expect([
      (await get(a, '/v1/stock/basic-info?symbol=600519', created.key)).status,
      (await get(b, '/v1/stock/basic-info?symbol=600519', created.key)).status,
    ]).to.deep.equal([200, 200]);
    expect((await call(a.baseUrl, 'DELETE', `/api/v1/api-keys/${created.id}`, { token: user.token })).status).to.equal(
      204,
    );
    const deleted = Date.now();
    expect((await get(a, '/v1/stock/basic-info?symbol=600519', created.key)).status).to.equal(401);
    while ((await get(b, '/v1/stock/basic-info?symbol=600519', created.key)).status === 200)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get(b, '/v1/stock/basic-info?symbol=600519', created.key)).body).to.deep.equal({
      code: 401,
      message: 'Unauthorized: Invalid API key',
      error: 'invalid_key',
    });
    expect(Date.now() - deleted).to.be.below(KEY_TTL_MS + 500);
  });
});
