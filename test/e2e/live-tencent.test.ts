import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import type { Snapshot } from '../../src/domain/market/quotes';
import { startChildServer } from '../support/childServer';
import { openStream, type ReadEvent } from '../support/eventStream';
import { insertSecurities, loadCalendar } from '../support/marketData';
import { startQuoteServer, snapshotAt } from '../support/quoteServer';
import { useTestDb } from '../support/testDb';

const KEY = 'ak_e2e_live_tencent_key_012345678';
const SHIFTED_CLOCK = fileURLToPath(new URL('../support/shiftedClock.cjs', import.meta.url));
const DAY = '2026-04-02';

const snapshot = (ts_code: string, name: string, time: string, figures: Partial<Snapshot>) =>
  snapshotAt(DAY, ts_code, name, time, figures);
const pingAn = (time: string, last: number, volume: number, amount: number) =>
  snapshot('000001.SZ', '平安银行', time, {
    last,
    open: 11.23,
    high: 11.3,
    low: 11.18,
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
    high: 1465,
    low: 1455,
    pre_close: 1459.44,
    volume,
    amount,
    limit_up: 1605.38,
    limit_down: 1313.5,
  });
const catl = (time: string) => snapshot('300750.SZ', '宁德时代', time, { pre_close: 250.1, suspended: true });

/**
 * The server process with the settings — QUOTE_SOURCE=tencent, QUOTE_URL at a local server speaking
 * Tencent's wire, QUOTE_SYMBOLS=600519.SH,000001.SZ,300750.SZ — and its clock inside the session of 2026-04-02
 * (a preloaded shim moves the child's wall clock; the product has no override). Two rounds of snapshots: the
 * first joins mid-minute (no bar), the second makes each traded stock's 10:02 bar, hand-computed below.
 */
describe('e2e: the server with QUOTE_SOURCE=tencent inside a session answers the served snapshots', function () {
  this.timeout(120_000);
  const testDb = useTestDb();
  before(async () => {
    await loadCalendar(testDb.db, '2026-03-01', '2026-04-30');
    await insertSecurities(testDb.db, [
      { ts_code: '000001.SZ', name: '平安银行' },
      { ts_code: '600519.SH', name: '贵州茅台' },
      { ts_code: '300750.SZ', name: '宁德时代' },
    ]);
    await testDb.db('daily_bars').insert({
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
    await ensureDemoKey(testDb.db, KEY);
    await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
  });

  it('/v1/market/quote, /v1/market/intraday, /v1/market/daily and the stream carry the served figures', async () => {
    const source = await startQuoteServer();
    source.snapshots = new Map(
      [
        pingAn('10:00:30', 11.2, 2_000_000, 22_450_000),
        moutai('10:00:30', 1460, 100_000, 146_000_000),
        catl('10:00:30'),
      ].map((s) => [s.ts_code, s]),
    );
    const server = await startChildServer({
      DATABASE_URL: testDb.url,
      DEMO_API_KEY: KEY,
      NODE_OPTIONS: `--require ${SHIFTED_CLOCK}`,
      TEST_CLOCK_START: '2026-04-02T02:00:00Z',
      QUOTE_SOURCE: 'tencent',
      QUOTE_URL: source.url,
      QUOTE_SYMBOLS: '600519.SH,000001.SZ,300750.SZ',
      QUOTE_INTERVAL_MS: '500',
    });
    const get = async (path: string) =>
      (await fetch(`${server.baseUrl}${path}`, { headers: { 'X-API-KEY': KEY } })).json();
    const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      let value = await read();
      for (let tries = 0; !done(value) && tries < 100; tries++)
        value = await new Promise((resolve) => setTimeout(resolve, 100)).then(read);
      return value;
    };
    try {
      const quotes = await until(
        () => get('/v1/market/quote?symbol=600519,000001,300750'),
        (body) => body.data?.[0]?.basis === 'live',
      );
      expect(quotes.data, server.output()).to.deep.equal([
        {
          symbol: '600519.SH',
          name: '贵州茅台',
          basis: 'live',
          time: `${DAY} 10:00:30`,
          last: 1460,
          open: 1459,
          high: 1465,
          low: 1455,
          pre_close: 1459.44,
          change: 0.56,
          pct_change: 0.04,
          volume: 1_000,
          amount: 146_000_000,
          bids: [],
          asks: [],
          limit_up: 1605.38,
          limit_down: 1313.5,
          suspended: false,
        },
        {
          symbol: '000001.SZ',
          name: '平安银行',
          basis: 'live',
          time: `${DAY} 10:00:30`,
          last: 11.2,
          open: 11.23,
          high: 11.3,
          low: 11.18,
          pre_close: 11.27,
          change: -0.07,
          pct_change: -0.62,
          volume: 20_000,
          amount: 22_450_000,
          bids: [{ price: 11.2, volume: 50 }],
          asks: [{ price: 11.21, volume: 30 }],
          limit_up: 12.4,
          limit_down: 10.14,
          suspended: false,
        },
        {
          symbol: '300750.SZ',
          name: '宁德时代',
          basis: 'live',
          time: `${DAY} 10:00:30`,
          last: null,
          open: null,
          high: null,
          low: null,
          pre_close: 250.1,
          change: null,
          pct_change: null,
          volume: 0,
          amount: 0,
          bids: [],
          asks: [],
          limit_up: null,
          limit_down: null,
          suspended: true,
        },
      ]);

      const stream = await openStream(
        `${server.baseUrl}/v1/market/stream?symbol=000001&channels=quote,bar&api_key=${KEY}`,
      );
      expect(stream.status).to.equal(200);
      source.snapshots = new Map(
        [
          pingAn('10:01:10', 11.22, 2_600_000, 29_180_000),
          moutai('10:01:10', 1461, 130_000, 189_820_000),
          catl('10:01:10'),
        ].map((s) => [s.ts_code, s]),
      );
      const barEvent = async () => stream.events.find((event: ReadEvent) => event.event === 'bar');
      const bar = await until(barEvent, (event) => event !== undefined);
      // The 10:02 bar: the second round's price, volume and amount as differences (600,000 shares = 6,000 lots).
      expect(bar?.data, server.output()).to.deep.include({
        symbol: '000001.SZ',
        time: `${DAY} 10:02:00`,
        open: 11.22,
        high: 11.22,
        low: 11.22,
        close: 11.22,
        volume: 6000,
        amount: 6_730_000,
      });
      stream.close();

      const intraday = await get('/v1/market/intraday?symbol=600519');
      expect(intraday.data).to.deep.include({ symbol: '600519.SH', trade_date: DAY, as_of: `${DAY} 10:02:00` });
      expect(intraday.data.bars).to.deep.equal([
        { time: `${DAY} 10:02:00`, open: 1461, high: 1461, low: 1461, close: 1461, volume: 300, amount: 43_820_000 },
      ]);
      // The data versions are trusted for a second: the running bar shows within that.
      const daily = await until(
        () => get('/v1/market/daily?symbol=000001&adjusted=false'),
        (body) => body.data?.daily?.[0]?.date === DAY,
      );
      expect(daily.data.daily[0], JSON.stringify(daily) + server.output()).to.deep.include({
        date: DAY,
        close: 11.22,
        pre_close: 11.27,
        volume: 26_000,
        amount: 29_180_000,
        final: false,
        as_of: `${DAY} 10:01:10`,
      });
      expect(source.requests.every((request) => request.source === 'tencent' && request.codes.length === 3)).to.equal(
        true,
      );
    } finally {
      server.stop();
      await source.close();
    }
    expect(await server.exited, server.output()).to.equal(0);
  });
});
