import { expect } from 'chai';
import { pino } from 'pino';
import type { Snapshot } from '../../src/domain/market/quotes';
import { liveFeed } from '../../src/live/liveFeed';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';
import { startQuoteServer, snapshotAt, type QuoteServer } from '../support/quoteServer';
import { useTestServer } from '../support/server';

const logger = pino({ level: 'silent' });
/** 09:32:00 Beijing on 2026-04-02, a minute after the sweep. */
const NOW = new Date('2026-04-02T01:32:00Z');
const DAY = '2026-04-02';

const quote = (ts_code: string, name: string, last: number, pre_close: number, figures: Partial<Snapshot> = {}) =>
  snapshotAt(DAY, ts_code, name, '09:31:10', {
    last,
    open: pre_close,
    high: last,
    low: pre_close,
    pre_close,
    ...figures,
  });

for (const source of ['tencent', 'sina'] as const) {
  describe(`live quotes of ETFs and convertibles from ${source}'s wire format`, () => {
    const store = useTestServer(
      async (db) => {
        await loadCalendar(db, '2026-03-01', '2026-04-30');
        await insertSecurities(db, [
          { ts_code: '000001.SZ', name: '平安银行' },
          { ts_code: '510300.SH', name: '沪深300ETF', kind: 'etf' },
          { ts_code: '159919.SZ', name: '沪深300ETF嘉实', kind: 'etf' },
          { ts_code: '113050.SH', name: '南银转债', kind: 'convertible' },
        ]);
      },
      { clock: () => NOW },
    );
    let server: QuoteServer;
    let key = '';

    before(async () => {
      server = await startQuoteServer();
      key = await keyOnPlan(store.db, 'enterprise');
      server.snapshots = new Map(
        [
          quote('000001.SZ', '平安银行', 11.25, 11.27),
          quote('510300.SH', '沪深300ETF', 3.952, 3.951, { volume: 1_234_500, amount: 4_878_743 }),
          quote('159919.SZ', '沪深300ETF嘉实', 4.017, 4.02),
          quote('113050.SH', '南银转债', 121.255, 121.004),
        ].map((snapshot) => [snapshot.ts_code, snapshot]),
      );
      const feed = liveFeed(store.db, { source, url: server.url, symbols: 'all', intervalMs: 3000 }, logger);
      expect(await feed.sweep()).to.deep.include({ source, failed: false });
    });
    after(() => server.close());

    it('QUOTE_SYMBOLS=all polls every listed stock, ETF and convertible', () => {
      expect(server.requests.flatMap((request) => request.codes)).to.include.members([
        'sz000001',
        'sh510300',
        'sz159919',
        'sh113050',
      ]);
    });

    it('/v1/market/quote answers them, the change at their tick of 0.001 yuan', async () => {
      const response = await fetch(`${store.server.baseUrl}/v1/market/quote?symbol=510300,159919,113050`, {
        headers: { 'X-API-KEY': key },
      });
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).to.equal(200);
      expect(
        body.data.map((row: { symbol: string; last: number; change: number; pct_change: number }) => [
          row.symbol,
          row.last,
          row.change,
          row.pct_change,
        ]),
      ).to.deep.equal([
        ['510300.SH', 3.952, 0.001, 0.03],
        ['159919.SZ', 4.017, -0.003, -0.07],
        ['113050.SH', 121.255, 0.251, 0.21],
      ]);
    });
  });
}
