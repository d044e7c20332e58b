import { expect } from 'chai';
import { pino } from 'pino';
import { exchangeToday } from '../../src/domain/time/clock';
import type { KeyOwner } from '../../src/http/ports';
import { insertAccount } from '../../src/modules/accounts/accounts.repository';
import { insertKey } from '../../src/modules/accounts/apiKeys.repository';
import { keyOwnerLookup } from '../../src/modules/accounts/apiKeys.service';
import { KeyCache } from '../../src/modules/accounts/keyCache.service';
import { PlanCatalog } from '../../src/modules/subscriptions/planCatalog.service';
import { UsageRecorder } from '../../src/modules/billing/usage.service';
import { ALL_SCOPES, newApiKey } from '../../src/domain/access/keyMaterial';
import { startChildServer } from '../support/childServer';
import { createTestDb, useTestDb, type TestDb } from '../support/testDb';

async function ownerOfNewKey(db: TestDb['db'], key = newApiKey()): Promise<KeyOwner> {
  const accountId = await insertAccount(db, {
    email: `usage-${key.slice(3, 12)}@example.com`,
    name: null,
    planId: 'starter',
  });
  await insertKey(db, { accountId, name: 'usage', key, scopes: ALL_SCOPES });
  return (await keyOwnerLookup(db, new KeyCache(), new PlanCatalog(db))(key))!;
}

const usageRows = (db: TestDb['db']) => db('usage_daily').orderBy('endpoint').select('endpoint', 'day', 'count');

describe('accounts: usage accounting', () => {
  const testDb = useTestDb();

  it('buffers in memory: no query per request, one batch per flush, counts add up across flushes', async () => {
    const owner = await ownerOfNewKey(testDb.db);
    const recorder = new UsageRecorder(testDb.db, pino({ level: 'silent' }), 3_600_000);
    let queries = 0;
    const countQuery = () => {
      queries += 1;
    };
    testDb.db.on('query', countQuery);
    try {
      for (let i = 0; i < 200; i += 1) recorder.record(owner, i % 4 ? '/v1/stock/basic-info' : '/v1/stock/search');
      expect(queries).to.equal(0);
      await recorder.flush();
      expect(queries).to.be.at.most(4);
      recorder.record(owner, '/v1/stock/search');
      await recorder.stop();
    } finally {
      testDb.db.off('query', countQuery);
    }
    const day = exchangeToday();
    expect(await usageRows(testDb.db)).to.deep.equal([
      { endpoint: '/v1/stock/basic-info', day, count: 150 },
      { endpoint: '/v1/stock/search', day, count: 51 },
    ]);
    const key = await testDb.db('api_keys').where({ id: owner.keyId }).first('last_used_at');
    expect(key.last_used_at).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a failed write keeps the counts for the next flush', async () => {
    const db = await createTestDb();
    try {
      const owner = await ownerOfNewKey(db.db);
      const recorder = new UsageRecorder(db.db, pino({ level: 'silent' }), 3_600_000);
      recorder.record(owner, '/v1/stock/search');
      await db.db.schema.renameTable('usage_daily', 'usage_daily_away');
      await recorder.flush();
      await db.db.schema.renameTable('usage_daily_away', 'usage_daily');
      recorder.record(owner, '/v1/stock/search');
      await recorder.stop();
      expect((await usageRows(db.db)).map((row) => row.count)).to.deep.equal([2]);
    } finally {
      await db.drop();
    }
  });

  it('SIGTERM flushes the buffer before the process exits', async function () {
    this.timeout(60_000);
    const db = await createTestDb();
    try {
      const key = newApiKey();
      await ownerOfNewKey(db.db, key);
      const server = await startChildServer(
        { DATABASE_URL: db.url, LOG_LEVEL: 'silent', DEMO_API_KEY: newApiKey() },
        { until: 'live' },
      );
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${server.baseUrl}/v1/stock/search?keyword=x`, { headers: { 'X-API-KEY': key } });
        expect(response.status).to.equal(200);
      }
      server.stop();
      expect(await server.exited).to.equal(0);
      expect((await usageRows(db.db)).map((row) => [row.endpoint, row.count])).to.deep.equal([['/v1/stock/search', 3]]);
    } finally {
      await db.drop();
    }
  });
});
