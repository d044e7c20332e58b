import { expect } from 'chai';
import { pino } from 'pino';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { UsageRecorder } from '../../src/modules/billing/usage.service';
import { startServer } from '../support/server';
import { useTestDb } from '../support/testDb';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';

describe('market: answers from the cache still count as usage', () => {
  const testDb = useTestDb();

  it('a miss and two hits of the same request are three requests of /v1/market/daily', async () => {
    const { db } = testDb;
    await insertSecurities(db, [{ ts_code: '600000.SH', name: '浦发银行' }]);
    await loadCalendar(db, '2024-12-01', '2024-12-31');
    await db('daily_bars').insert({
      ts_code: '600000.SH',
      trade_date: '2024-12-31',
      open: 10,
      high: 10,
      low: 10,
      close: 10,
      pre_close: 10,
      change: 0,
      pct_chg: 0,
      vol: 1,
      amount: 1,
      published_at: '2024-12-31 08:00:00',
    });
    await bumpDataVersion(db, 'market');
    const key = await keyOnPlan(db, 'professional');
    const logger = pino({ level: 'silent' });
    const usage = new UsageRecorder(db, logger, 3_600_000);
    const server = await startServer(db, { logger, usage });
    try {
      const url = `${server.baseUrl}/v1/market/daily?symbol=600000`;
      for (let i = 0; i < 3; i++) {
        const response = await fetch(url, { headers: { 'X-API-KEY': key } });
        expect(response.status).to.equal(200);
        await response.text();
      }
      await new Promise((resolve) => setTimeout(resolve, 50)); // the server's 'finish' of the last response
      await usage.stop();
      const rows = await db('usage_daily').where({ endpoint: '/v1/market/daily' }).select('count');
      expect(rows.map((row) => Number(row.count))).to.deep.equal([3]);
    } finally {
      await server.close();
    }
  });
});
