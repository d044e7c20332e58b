import { request } from 'node:http';
import { expect } from 'chai';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { freePort, startChildServer } from '../support/childServer';
import { insertSecurities } from '../support/marketData';
import { useTestDb } from '../support/testDb';

const KEY = 'ak_shutdown_test_key_0123456789';

/** One GET on a connection of its own (no keep-alive), so every request is accepted or refused as a whole. */
function get(url: string, key: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: { 'X-API-KEY': key } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

describe('graceful shutdown: SIGTERM under load', function () {
  this.timeout(120_000);
  const testDb = useTestDb();
  before(async () => {
    await insertSecurities(testDb.db, [
      { ts_code: '600519.SH', name: '贵州茅台' },
      { ts_code: '000001.SZ', name: '平安银行' },
    ]);
    await ensureDemoKey(testDb.db, KEY);
    await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
  });

  it('finishes every request it accepted, writes every usage count, and exits 0', async () => {
    const server = await startChildServer({ DATABASE_URL: testDb.url, DEMO_API_KEY: KEY, SHUTDOWN_GRACE_MS: '10000' });
    let signalled = false;
    const beforeSignal: Array<number | string> = [];
    const afterSignal: Array<number | string> = [];
    // 16 clients in a loop until the signal; a request started before it must be answered in full.
    const clients = Array.from({ length: 16 }, async (_, i) => {
      while (!signalled) {
        const status = await get(`${server.baseUrl}/v1/stock/basic-info?symbol=${i % 2 ? '600519' : '000001.SZ'}`, KEY);
        beforeSignal.push(status);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    signalled = true;
    server.process.kill('SIGTERM');
    // New connections after the signal: refused once the listener is closed (not an in-flight failure).
    for (let i = 0; i < 5; i++) afterSignal.push(await get(`${server.baseUrl}/v1/stock/basic-info?symbol=600519`, KEY));
    await Promise.all(clients);
    expect(await server.exited, server.output()).to.equal(0);

    const failed = beforeSignal.filter((status) => status !== 200);
    expect(failed, `${failed.length} of ${beforeSignal.length} in-flight requests failed`).to.deep.equal([]);
    expect(beforeSignal.length).to.be.above(16);
    for (const status of afterSignal) expect([200, 'ECONNREFUSED']).to.include(status);
    const answered = beforeSignal.length + afterSignal.filter((status) => status === 200).length;
    const usage = await testDb.db('usage_daily').sum({ total: 'count' }).first();
    expect(Number(usage!.total)).to.equal(answered);
  });

  it('start:cluster: two workers on one port, metrics of both summed on METRICS_PORT, SIGTERM stops all, exit 0', async () => {
    const metricsPort = await freePort();
    const server = await startChildServer(
      { DATABASE_URL: testDb.url, DEMO_API_KEY: KEY, WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) },
      { entry: 'src/cluster.ts' },
    );
    // Ready as soon as the first worker is; the metrics of all answer once the second one is up too.
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    while ((await fetch(metricsUrl)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => get(`${server.baseUrl}/v1/stock/basic-info?symbol=600519`, KEY)),
    );
    expect(statuses).to.deep.equal(Array(20).fill(200));
    const metrics = await (await fetch(metricsUrl)).text();
    // Both workers report (summed): 20 answers on the route, whichever worker took each.
    expect(metrics).to.include('http_requests_total{method="GET",route="/v1/stock/basic-info",status="200"} 20');
    expect((await fetch(`${server.baseUrl}/metrics`)).status).to.equal(404); // not on the API port then
    server.process.kill('SIGTERM');
    expect(await server.exited, server.output()).to.equal(0);
  });
});
