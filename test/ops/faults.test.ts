import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { connect } from '../../src/db/connection';
import { connectRedis } from '../../src/db/redis';
import { KeyCache } from '../../src/modules/accounts/keyCache.service';
import { LimiterStore } from '../../src/http/rateLimitStore';
import { startServer } from '../support/server';
import { insertSecurities, keyOnPlan, loadMarket2024 } from '../support/marketData';
import { TcpProxy } from '../support/tcpProxy';
import { dialect, useTestDb } from '../support/testDb';

/** The bound the app under test gets (DB_QUERY_TIMEOUT_MS); production's default is 2000. */
const BOUND_MS = 1000;
/** A request that takes longer than this counts as hung (the bound on a held connection plus one on a new one). */
const HUNG_MS = 3 * BOUND_MS;

interface Outcome {
  status: number | 'hung';
  body?: any;
}

/** A request with a client-side limit, so a hung answer fails the test instead of stalling it. */
async function ask(url: string, key?: string): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      headers: key ? { 'X-API-KEY': key } : {},
      signal: AbortSignal.timeout(HUNG_MS),
    });
    return { status: response.status, body: await response.json() };
  } catch {
    return { status: 'hung' };
  }
}

/** Polls until `url` answers 200; the time it took (ms), or Infinity past `withinMs`. */
async function recoveryTime(url: string, key: string | undefined, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if ((await ask(url, key)).status === 200) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Infinity;
}

const SERVICE_UNAVAILABLE = { code: 503, message: 'Service unavailable, retry later', error: 'service_unavailable' };

describe('faults: the database or Redis goes away and comes back', function () {
  this.timeout(60_000);
  const testDb = useTestDb();
  let key: string;
  before(async () => {
    await loadMarket2024(testDb.db);
    await insertSecurities(testDb.db, [
      { ts_code: '000001.SZ', name: '平安银行' },
      { ts_code: '000333.SZ', name: '美的集团' },
    ]);
    key = await keyOnPlan(testDb.db, 'enterprise');
    await testDb.db('accounts').update({ rate_limit_per_minute: 100_000 });
  });

  // A different range per request: no answer comes from the response cache, every one needs the database.
  let day = 0;
  const daily = () =>
    `/v1/market/daily?symbol=000001.SZ&begin_date=2024-01-02&end_date=2024-${String(2 + (day++ % 10)).padStart(2, '0')}-28`;

  (dialect === 'mysql' ? describe : describe.skip)('MariaDB behind a proxy of the test', () => {
    let proxy: TcpProxy;
    let db: Knex;
    let app: { baseUrl: string; close(): Promise<void> };
    before(async () => {
      const target = new URL(testDb.url);
      proxy = await TcpProxy.start(target.hostname, Number(target.port || 3306));
      target.port = String(proxy.port);
      db = connect(target.toString(), { queryTimeoutMs: BOUND_MS, logger: pino({ level: 'silent' }) });
      // No key cache and no data-version cache: every request reaches the database.
      app = await startServer(db, { keyCache: new KeyCache(0), dataVersionTtlMs: 0 });
    });
    after(async () => {
      await app?.close();
      await db?.destroy();
      await proxy?.close();
    });

    for (const fault of ['freeze', 'drop'] as const) {
      it(`${fault === 'freeze' ? 'frozen (a partition: nothing answers)' : 'dropped (connections reset)'}: 503 service_unavailable, /readyz 503, and serving again within 5 s of its return`, async () => {
        expect((await ask(app.baseUrl + daily(), key)).status).to.equal(200);
        // Requests in flight when the fault strikes, holding pooled connections, and requests after it.
        const inFlight = Array.from({ length: 4 }, () => ask(app.baseUrl + daily(), key));
        proxy[fault]();
        const later = await Promise.all(Array.from({ length: 4 }, () => ask(app.baseUrl + daily(), key)));
        const ready = await ask(`${app.baseUrl}/readyz`);
        for (const outcome of [...(await Promise.all(inFlight)), ...later]) {
          // A request that finished before the fault took hold answered 200; none hung, none failed otherwise.
          if (outcome.status !== 200) expect(outcome).to.deep.equal({ status: 503, body: SERVICE_UNAVAILABLE });
        }
        expect(later.map((outcome) => outcome.status)).to.deep.equal([503, 503, 503, 503]);
        expect(ready.status).to.equal(503);
        expect(ready.body.checks.database).to.equal('failing');
        proxy.resume();
        expect(await recoveryTime(app.baseUrl + daily(), key, 5000)).to.be.below(5000);
        expect((await ask(`${app.baseUrl}/readyz`)).status).to.equal(200);
      });
    }
  });

  (dialect === 'sqlite' ? describe : describe.skip)('SQLite: the file overwritten in place and restored', () => {
    // An open SQLite file cannot be taken away like a server: POSIX keeps an open file readable through chmod
    // and unlink, and the server's connection holds a shared lock in WAL mode. What happens is a copy written
    // over the live file (`cp backup.db live.db` writes in place) or a disk error: the file is garbage.
    let db: Knex;
    let app: { baseUrl: string; close(): Promise<void> };
    let file: string;
    before(async () => {
      await testDb.db.raw('pragma wal_checkpoint(TRUNCATE)');
      file = testDb.url.slice('sqlite://'.length);
      db = connect(testDb.url, { queryTimeoutMs: BOUND_MS, logger: pino({ level: 'silent' }) });
      app = await startServer(db, { keyCache: new KeyCache(0), dataVersionTtlMs: 0 });
    });
    after(async () => {
      await app?.close();
      await db?.destroy();
    });

    it('zeros over the file: 503 service_unavailable, /readyz 503, and serving again within 5 s of the good file', async () => {
      expect((await ask(app.baseUrl + daily(), key)).status).to.equal(200);
      const good = readFileSync(file);
      writeFileSync(file, Buffer.alloc(good.length));
      const during = await Promise.all(Array.from({ length: 4 }, () => ask(app.baseUrl + daily(), key)));
      expect(during).to.deep.equal(Array.from({ length: 4 }, () => ({ status: 503, body: SERVICE_UNAVAILABLE })));
      const ready = await ask(`${app.baseUrl}/readyz`);
      expect(ready.status).to.equal(503);
      expect(ready.body.checks.database).to.equal('failing');
      writeFileSync(file, good);
      expect(await recoveryTime(app.baseUrl + daily(), key, 5000)).to.be.below(5000);
      expect((await ask(`${app.baseUrl}/readyz`)).status).to.equal(200);
    });
  });

  describe('Redis (the shared rate budget) behind a proxy of the test', () => {
    let proxy: TcpProxy;
    let app: { baseUrl: string; close(): Promise<void> };
    let redis: Awaited<ReturnType<typeof connectRedis>>;
    let direct: Redis;
    const prefix = `faults-${process.pid}-${Date.now()}`;
    /** Requests counted in Redis for the account (the limiter's key, read past the proxy). */
    const counted = async () =>
      Number(
        (await Promise.all((await direct.keys(`${prefix}:*`)).map((k) => direct.get(k)))).reduce(
          (sum, v) => sum + Number(v),
          0,
        ),
      );
    before(async () => {
      proxy = await TcpProxy.start('127.0.0.1', 6379);
      redis = await connectRedis(`redis://127.0.0.1:${proxy.port}`, pino({ level: 'silent' }));
      direct = new Redis('redis://127.0.0.1:6379');
      app = await startServer(testDb.db, { limiters: new LimiterStore(redis, prefix), dataVersionTtlMs: 0 });
    });
    after(async () => {
      await app?.close();
      redis?.disconnect();
      direct?.disconnect();
      await proxy?.close();
    });

    for (const fault of ['freeze', 'drop'] as const) {
      it(`${fault}: the data routes keep answering 200 (in-process budget as insurance), and Redis is used again once back`, async () => {
        expect((await ask(app.baseUrl + daily(), key)).status).to.equal(200);
        proxy[fault]();
        const during = await Promise.all(Array.from({ length: 4 }, () => ask(app.baseUrl + daily(), key)));
        expect(during.map((outcome) => outcome.status)).to.deep.equal([200, 200, 200, 200]);
        proxy.resume();
        // Back: within 5 s a request is counted in Redis again.
        const started = Date.now();
        let before = await counted();
        while (Date.now() - started < 5000) {
          expect((await ask(app.baseUrl + daily(), key)).status).to.equal(200);
          const now = await counted();
          if (now === before + 1) break;
          before = now;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(Date.now() - started).to.be.below(5000);
      });
    }
  });
});
