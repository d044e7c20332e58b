import { expect } from 'chai';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { startChildServer } from '../support/childServer';
import { openStream } from '../support/eventStream';
import { insertSecurities, loadSessionFixture } from '../support/marketData';
import { useTestDb } from '../support/testDb';

const KEY = 'ak_e2e_live_replay_key_0123456789';

/**
 * The server process as `make run` starts it, with the replay source (QUOTE_SOURCE=replay): main.ts's wiring of
 * the feed, the one poller, the bus and the stream hub, end to end and without contacting anyone.
 */
describe('e2e: the server with QUOTE_SOURCE=replay moves quotes and the stream', function () {
  this.timeout(120_000);
  const testDb = useTestDb();
  before(async () => {
    await insertSecurities(testDb.db, [{ ts_code: '000001.SZ', name: '平安银行' }]);
    await loadSessionFixture(testDb.db);
    await ensureDemoKey(testDb.db, KEY);
    await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
  });

  it("live quotes of today at the replay's time, quote and bar events on the stream, a clean SIGTERM", async () => {
    const server = await startChildServer({
      // The fixture's session is of 2024: kept from the minute-data pruning.
      DATABASE_URL: testDb.url,
      DEMO_API_KEY: KEY,
      MINUTE_RETENTION_DAYS: 'off',
      QUOTE_SOURCE: 'replay',
      QUOTE_SYMBOLS: '000001',
      QUOTE_INTERVAL_MS: '500',
      QUOTE_REPLAY_SPEED: '600',
    });
    try {
      const stream = await openStream(`${server.baseUrl}/v1/market/stream?symbol=000001&api_key=${KEY}`);
      expect(stream.status).to.equal(200);
      let quote: { basis?: string; time?: string; volume?: number } = {};
      for (let tries = 0; quote.basis !== 'live' && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        quote =
          (
            await (
              await fetch(`${server.baseUrl}/v1/market/quote?symbol=000001`, { headers: { 'X-API-KEY': KEY } })
            ).json()
          ).data?.[0] ?? {};
      }
      expect(quote, server.output()).to.include({ basis: 'live' });
      expect(quote.time).to.match(/^\d{4}-\d{2}-\d{2} (09|1\d):\d{2}:\d{2}$/);
      const events = await stream.waitFor(4, 20_000);
      expect(events.some((event) => event.event === 'quote' && event.id !== undefined)).to.equal(true);
      expect(events.some((event) => event.event === 'bar')).to.equal(true);
      stream.close();
    } finally {
      server.stop();
    }
    expect(await server.exited, server.output()).to.equal(0);
  });
});
