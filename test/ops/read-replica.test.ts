import { expect } from 'chai';
import { pino } from 'pino';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { UsageRecorder } from '../../src/modules/billing/usage.service';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';
import { startServer, type TestServer } from '../support/server';
import { useTestDb } from '../support/testDb';

/**
 * DATABASE_READ_URL: the data routes read the replica's pool, accounts and usage the primary's. Two databases
 * with different contents stand in for a primary and a replica that lags: where each answer comes from shows.
 */
describe('read replica: data routes on DATABASE_READ_URL, accounts and usage on DATABASE_URL', () => {
  let server: TestServer;
  // Declared before the databases' own after hooks, so it stops what uses them first.
  after(async () => {
    await server?.close();
  });
  const primary = useTestDb();
  const replica = useTestDb();
  let usage: UsageRecorder;
  let key: string;
  before(async () => {
    // The key exists on the primary only: the replica has not replicated it yet.
    key = await keyOnPlan(primary.db, 'professional');
    // The primary knows a security the replica does not, the replica has a bar the primary lacks.
    await insertSecurities(primary.db, [{ ts_code: '600036.SH', name: '招商银行' }]);
    await insertSecurities(replica.db, [{ ts_code: '600000.SH', name: '浦发银行' }]);
    await loadCalendar(replica.db, '2024-12-01', '2024-12-31');
    await replica.db('daily_bars').insert({
      ts_code: '600000.SH',
      trade_date: '2024-12-31',
      open: 10.1,
      high: 10.3,
      low: 10,
      close: 10.2,
      pre_close: 10,
      change: 0.2,
      pct_chg: 2,
      vol: 1500,
      amount: 1530,
      published_at: '2024-12-31 08:00:00',
    });
    await bumpDataVersion(replica.db, 'market');
    const logger = pino({ level: 'silent' });
    usage = new UsageRecorder(primary.db, logger, 3_600_000);
    server = await startServer(primary.db, { readDb: replica.db, logger, usage });
  });

  const get = async (path: string) => {
    const response = await fetch(server.baseUrl + path, { headers: { 'X-API-KEY': key } });
    return { status: response.status, body: await response.json() };
  };

  it('daily answers from the replica with a key found on the primary, and the request is counted on the primary', async () => {
    const { status, body } = await get('/v1/market/daily?symbol=600000&adjusted=false');
    expect(status).to.equal(200);
    expect(body.data).to.deep.equal({
      symbol: '600000.SH',
      name: '浦发银行',
      adj_anchor_date: null,
      daily: [
        {
          date: '2024-12-31',
          open: 10.1,
          high: 10.3,
          low: 10,
          close: 10.2,
          pre_close: 10,
          change: 0.2,
          pct_change: 2,
          volume: 1500,
          amount: 1530,
          turnover: null,
          adj_factor: null,
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the server's 'finish' of the response
    await usage.stop();
    const counted = await primary.db('usage_daily').where({ endpoint: '/v1/market/daily' }).sum({ n: 'count' });
    expect(Number(counted[0]!.n)).to.equal(1);
    expect(await replica.db('usage_daily').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  it("a security only the primary knows is unknown to the data routes (they never read the primary's data)", async () => {
    const { status, body } = await get('/v1/stock/basic-info?symbol=600036');
    expect(status).to.equal(400);
    expect(body.error).to.equal('invalid_symbol');
  });

  it('/readyz probes both pools and finds the data on the replica', async () => {
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).to.equal(200);
    expect((await response.json()).checks).to.deep.include({
      database: 'ok',
      migrations: 'ok',
      data: 'ok',
      accepting: 'ok',
      replica: 'ok',
    });
  });
});
