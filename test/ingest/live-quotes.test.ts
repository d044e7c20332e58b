import { expect } from 'chai';
import { pino } from 'pino';
import type { Snapshot } from '../../src/domain/market/quotes';
import { liveFeed } from '../../src/live/liveFeed';
import { QuoteFeed } from '../../src/live/quoteFeed';
import { sinaSource, tencentSource } from '../../src/live/quoteSources';
import { insertSecurities, keyOnPlan, loadCalendar, loadSessionFixture } from '../support/marketData';
import { useTestDb } from '../support/testDb';
import { startQuoteServer, type QuoteServer, snapshotAt } from '../support/quoteServer';
import { useTestServer } from '../support/server';

const logger = pino({ level: 'silent' });
/** The app's clock: 09:32:00 Beijing on 2026-04-02, a minute after the sweeps below. */
const NOW = new Date('2026-04-02T01:32:00Z');
const DAY = '2026-04-02';

const snapshot = (ts_code: string, name: string, time: string, figures: Partial<Snapshot>) =>
  snapshotAt(DAY, ts_code, name, time, figures);
const pingAn = (time: string, last: number, high: number, low: number, volume: number, amount: number) =>
  snapshot('000001.SZ', '平安银行', time, {
    last,
    open: 11.23,
    high,
    low,
    pre_close: 11.27,
    volume,
    amount,
    bids: [[last, 5000]],
    asks: [[last + 0.01, 3000]],
    limit_up: 12.4,
    limit_down: 10.14,
  });
const moutai = (time: string, last: number, volume: number, amount: number) =>
  snapshot('600519.SH', '贵州茅台', time, {
    last,
    open: 1459,
    high: Math.max(1459, last),
    low: 1459,
    pre_close: 1459.44,
    volume,
    amount,
    limit_up: 1605.38,
    limit_down: 1313.5,
  });
const halted = (time: string) => snapshot('300750.SZ', '宁德时代', time, { pre_close: 250.1, suspended: true });

/**
 * Four sweeps of the auction and the first two minutes. 600519 is not served in the middle two (the source
 * answers it `v_pv_none_match`): its 09:32 bar carries the volume of both missed minutes, none invented.
 */
const SWEEPS: Snapshot[][] = [
  [
    pingAn('09:25:03', 11.23, 11.23, 11.23, 300_000, 3_369_000),
    moutai('09:25:03', 1459, 20_000, 29_180_000),
    halted('09:25:03'),
  ],
  [pingAn('09:30:30', 11.25, 11.26, 11.2, 1_000_000, 11_230_000), halted('09:30:30')],
  [pingAn('09:31:10', 11.19, 11.26, 11.18, 1_500_000, 16_830_000), halted('09:31:10')],
  [
    pingAn('09:31:50', 11.21, 11.26, 11.18, 1_800_000, 20_200_000),
    moutai('09:31:50', 1461, 150_000, 219_000_000),
    halted('09:31:50'),
  ],
];

/** The bars hand-computed from the sweeps: prices from the snapshots' last prices, volume and amount as differences. */
const bar = (
  ts_code: string,
  time: string,
  open: number,
  high: number,
  low: number,
  close: number,
  vol: number,
  amount: number,
) => ({ ts_code, trade_time: `${DAY} ${time}:00`, open, high, low, close, vol, amount });
const EXPECTED_BARS = [
  bar('000001.SZ', '09:31', 11.23, 11.25, 11.23, 11.25, 1_000_000, 11_230_000),
  bar('000001.SZ', '09:32', 11.19, 11.21, 11.19, 11.21, 800_000, 8_970_000),
  bar('600519.SH', '09:31', 1459, 1459, 1459, 1459, 20_000, 29_180_000),
  bar('600519.SH', '09:32', 1461, 1461, 1461, 1461, 130_000, 189_820_000),
];

const storedBars = (db: import('knex').Knex) =>
  db('intraday_bars')
    .orderBy(['ts_code', 'trade_time'])
    .select('ts_code', 'trade_time', 'open', 'high', 'low', 'close', 'vol', 'amount')
    .then((rows) => rows.map((row) => ({ ...row, trade_time: String(row.trade_time).slice(0, 19) })));

for (const source of ['tencent', 'sina'] as const) {
  describe(`live quotes from ${source}'s wire format: bars, quotes and the intraday route`, () => {
    const store = useTestServer(
      async (db) => {
        await loadCalendar(db, '2026-03-01', '2026-04-30');
        await insertSecurities(db, [
          { ts_code: '000001.SZ', name: '平安银行' },
          { ts_code: '600519.SH', name: '贵州茅台' },
          { ts_code: '300750.SZ', name: '宁德时代' },
        ]);
        await db('daily_bars').insert({
          ts_code: '000001.SZ',
          trade_date: '2026-04-01',
          open: 11.3,
          high: 11.35,
          low: 11.2,
          close: 11.27,
          pre_close: 11.3,
          change: -0.03,
          pct_chg: -0.27,
          vol: 900_000,
          amount: 1_013_000_000,
        });
      },
      { clock: () => NOW },
    );
    let server: QuoteServer;
    const keys: Record<string, string> = {};
    const get = (plan: string, path: string) =>
      fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': keys[plan]! } }).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));

    before(async () => {
      server = await startQuoteServer();
      for (const plan of ['starter', 'professional', 'enterprise']) keys[plan] = await keyOnPlan(store.db, plan);
      const feed = liveFeed(
        store.db,
        { source, url: server.url, symbols: '600519,000001.SZ,sz.300750', intervalMs: 3000 },
        logger,
      );
      for (const sweep of SWEEPS) {
        server.snapshots = new Map(sweep.map((s) => [s.ts_code, s]));
        expect(await feed.sweep()).to.deep.include({ source, requests: 1, snapshots: sweep.length, failed: false });
      }
    });
    after(() => server.close());

    it('writes the hand-computed one-minute bars (the auction in 09:31; none for the halted stock)', async () => {
      expect(await storedBars(store.db)).to.deep.equal(EXPECTED_BARS);
    });

    it('/v1/market/intraday answers the live bars (volume in lots)', async () => {
      const { status, body } = await get('enterprise', '/v1/market/intraday?symbol=000001');
      expect(status).to.equal(200);
      expect(body.data).to.deep.include({ symbol: '000001.SZ', trade_date: DAY, as_of: `${DAY} 09:32:00` });
      expect(body.data.bars.map((b: { time: string; volume: number }) => [b.time, b.volume])).to.deep.equal([
        [`${DAY} 09:31:00`, 10_000],
        [`${DAY} 09:32:00`, 8000],
      ]);
    });

    it('/v1/market/quote: the newest snapshot each plan sees, in request order, a halted stock as halted', async () => {
      const live = await get('enterprise', '/v1/market/quote?symbol=000001,600519.SH,300750');
      expect(live.status, JSON.stringify(live.body)).to.equal(200);
      const [pingAnQuote, moutaiQuote, haltedQuote] = live.body.data;
      expect(pingAnQuote).to.deep.equal({
        symbol: '000001.SZ',
        name: '平安银行',
        basis: 'live',
        time: `${DAY} 09:31:50`,
        last: 11.21,
        open: 11.23,
        high: 11.26,
        low: 11.18,
        pre_close: 11.27,
        change: -0.06,
        pct_change: -0.53,
        volume: 18_000,
        amount: 20_200_000,
        bids: [{ price: 11.21, volume: 50 }],
        asks: [{ price: 11.22, volume: 30 }],
        limit_up: source === 'tencent' ? 12.4 : null,
        limit_down: source === 'tencent' ? 10.14 : null,
        suspended: false,
      });
      expect(moutaiQuote).to.deep.include({
        symbol: '600519.SH',
        time: `${DAY} 09:31:50`,
        last: 1461,
        change: 1.56,
        pct_change: 0.11,
        volume: 1_500,
      });
      expect(haltedQuote).to.deep.include({
        symbol: '300750.SZ',
        basis: 'live',
        last: null,
        change: null,
        suspended: true,
        pre_close: 250.1,
      });

      // Professional sees minute data a minute late: at 09:32:00, the snapshot of 09:30:30.
      const delayed = await get('professional', '/v1/market/quote?symbol=000001');
      expect(delayed.body.data[0]).to.deep.include({
        basis: 'live',
        time: `${DAY} 09:30:30`,
        last: 11.25,
        volume: 10_000,
      });
      // Starter, 15 minutes late, sees no live quote yet: the latest daily bar it sees, at its close.
      const starter = await get('starter', '/v1/market/quote?symbol=000001');
      expect(starter.body.data).to.deep.equal([
        {
          symbol: '000001.SZ',
          name: '平安银行',
          basis: 'close',
          time: '2026-04-01 15:00:00',
          last: 11.27,
          open: 11.3,
          high: 11.35,
          low: 11.2,
          pre_close: 11.3,
          change: -0.03,
          pct_change: -0.27,
          volume: 900_000,
          amount: 1_013_000_000,
          bids: [],
          asks: [],
          limit_up: null,
          limit_down: null,
          suspended: false,
        },
      ]);
      const none = await get('starter', '/v1/market/quote?symbol=600519');
      expect(none).to.deep.include({ status: 404 });
      expect(none.body.error).to.equal('no_data');
    });
  });
}

describe('live quotes: refusals, throttling and failover', () => {
  let server: QuoteServer;
  before(async () => {
    server = await startQuoteServer();
  });
  after(() => server.close());

  it('Sina refuses a request without its Referer (403 Kinsoku jikou desu!); the adapter sends it', async () => {
    const bare = await fetch(`${server.url}/list=sh600519`);
    expect([bare.status, await bare.text()]).to.deep.equal([403, 'Kinsoku jikou desu!']);
    server.snapshots = new Map([
      ['600519.SH', snapshot('600519.SH', '贵州茅台', '10:00:00', { last: 1460, volume: 100, amount: 146_000 })],
    ]);
    expect((await sinaSource(server.url).fetch(['600519.SH']))[0]).to.include({ ts_code: '600519.SH', last: 1460 });
  });

  it('an empty (throttled) answer fails the sweep; three in a row fail over to the other source, which then serves', async () => {
    const writes: number[] = [];
    const feed = new QuoteFeed({
      sources: [tencentSource(server.url), sinaSource(server.url)],
      symbols: async () => ['600519.SH'],
      intervalMs: 3000,
      isTradingDay: async () => true,
      onSnapshots: async (snapshots) => void writes.push(snapshots.length),
      logger,
    });
    server.mode = 'throttle';
    server.requests = [];
    for (let i = 0; i < 3; i++) expect(await feed.sweep()).to.include({ source: 'tencent', failed: true });
    expect(feed.source).to.equal('sina');
    server.mode = 'ok';
    expect(await feed.sweep()).to.include({ source: 'sina', failed: false, snapshots: 1 });
    expect(server.requests.map((request) => request.source)).to.deep.equal(['tencent', 'tencent', 'tencent', 'sina']);
    expect(writes).to.deep.equal([1]);
  });

  it('batches codes per source (60 a request for Tencent, 800 for Sina)', async () => {
    const codes = Array.from({ length: 130 }, (_, i) => `600${String(i).padStart(3, '0')}.SH`);
    server.requests = [];
    const feed = new QuoteFeed({
      sources: [tencentSource(server.url)],
      symbols: async () => codes,
      intervalMs: 3000,
      isTradingDay: async () => true,
      onSnapshots: async () => {},
      logger,
    });
    expect(await feed.sweep()).to.include({ requests: 3, failed: false });
    expect(server.requests.map((request) => request.codes.length)).to.deep.equal([60, 60, 10]);
  });
});

describe('live quotes from the replay source: the stored latest session as if live, no server', () => {
  const testDb = useTestDb();

  it('three minutes after the start at 20×, the first hour of the session: its bars summed into the quote, stamped today', async () => {
    await insertSecurities(testDb.db, [{ ts_code: '000001.SZ', name: '平安银行' }]);
    await loadSessionFixture(testDb.db);
    await testDb.db('daily_bars').insert({ ts_code: '000001.SZ', trade_date: '2024-12-30', close: 11.8 });
    let now = new Date('2026-04-02T12:00:00Z'); // 20:00 Beijing: a replay plays at any hour
    const feed = liveFeed(
      testDb.db,
      { source: 'replay', replaySpeed: 20, symbols: '000001', intervalMs: 3000, clock: () => now },
      logger,
    );
    now = new Date(now.getTime() + 3 * 60_000);
    expect(await feed.sweep()).to.deep.include({ source: 'replay', snapshots: 1, failed: false });
    const stored = await testDb
      .db('intraday_bars')
      .where('ts_code', '000001.SZ')
      .whereBetween('trade_time', ['2024-12-31 00:00:00', '2024-12-31 10:30:00'])
      .orderBy('trade_time')
      .select('vol', 'amount', 'close', 'high', 'low');
    expect(stored).to.have.length(61); // the fixture's 09:25 auction bar and 60 minutes
    const [quote] = await testDb.db('live_quotes').select();
    expect(quote).to.deep.include({
      ts_code: '000001.SZ',
      name: '平安银行',
      last: stored.at(-1).close,
      pre_close: 11.8,
      volume: stored.reduce((sum, bar) => sum + Number(bar.vol), 0),
      high: Math.max(...stored.map((bar) => Number(bar.high))),
      low: Math.min(...stored.map((bar) => Number(bar.low))),
    });
    expect(String(quote.quote_time).slice(0, 19)).to.equal('2026-04-02 10:30:00');
  });

  it("re-based onto the store's newest close: with the replayed day's own bar stored (close 12.98 = 11.8 × 1.1), prices scale by 1.1 and pre_close is 12.98", async () => {
    await testDb.db('live_quotes').delete();
    await testDb.db('daily_bars').insert({ ts_code: '000001.SZ', trade_date: '2024-12-31', close: 12.98 });
    let now = new Date('2026-04-02T12:00:00Z');
    const feed = liveFeed(
      testDb.db,
      { source: 'replay', replaySpeed: 20, symbols: '000001', intervalMs: 3000, clock: () => now },
      logger,
    );
    now = new Date(now.getTime() + 3 * 60_000);
    await feed.sweep();
    const stored = await testDb
      .db('intraday_bars')
      .where('ts_code', '000001.SZ')
      .whereBetween('trade_time', ['2024-12-31 00:00:00', '2024-12-31 10:30:00'])
      .orderBy('trade_time')
      .select('vol', 'close');
    const [quote] = await testDb.db('live_quotes').select();
    expect(quote).to.deep.include({
      pre_close: 12.98,
      last: Math.round(Number(stored.at(-1).close) * 1.1 * 100) / 100,
      volume: stored.reduce((sum, bar) => sum + Number(bar.vol), 0),
    });
  });
});
