import { expect } from 'chai';
import { bumpDataVersion } from '../../src/db/dataVersions';
import type { Snapshot } from '../../src/domain/market/quotes';
import { LiveWriter } from '../../src/live/liveWriter';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';
import { useTestServer } from '../support/server';

/** The app's clock: 09:32:00 Beijing on 2026-04-02, a session in progress. */
const NOW = new Date('2026-04-02T01:32:00Z');
const DAY = '2026-04-02';

const moutai = (time: string, last: number, high: number, volume: number, amount: number): Snapshot => ({
  ts_code: '600519.SH',
  name: '贵州茅台',
  time: `${DAY} ${time}`,
  last,
  open: 1459,
  high,
  low: 1459,
  pre_close: 1459.44,
  volume,
  amount,
  bids: [],
  asks: [],
  limit_up: 1605.38,
  limit_down: 1313.5,
  suspended: false,
});

/**
 * 2026-04-02 is an ex-date: the last close was 1489.44, the exchange's reference pre-close is 1459.44. The running
 * bar's factor is 8 × 1489.44 / 1459.44 and forward-adjusted history scales by 1459.44 / 1489.44 (hand-computed).
 */
const RUNNING_FACTOR = (8 * 1489.44) / 1459.44;
const ADJUSTED_HISTORY = [
  {
    date: '2026-04-01',
    open: 1455.09,
    high: 1465.38,
    low: 1450.19,
    close: 1459.44,
    pre_close: 1450.19,
    change: 9.25,
    pct_change: 0.6378,
    volume: 30_000,
    amount: 4_460_000_000,
    turnover: null,
  },
  {
    date: '2026-03-31',
    open: 1440.39,
    high: 1459.99,
    low: 1435.49,
    close: 1450.19,
    pre_close: 1445.29,
    change: 4.9,
    pct_change: 0.339,
    volume: 25_000,
    amount: 3_700_000_000,
    turnover: null,
  },
];
const RUNNING = {
  date: DAY,
  open: 1459,
  high: 1461,
  low: 1459,
  close: 1461,
  pre_close: 1459.44,
  change: 1.56,
  pct_change: 0.1069,
  volume: 1500,
  amount: 219_000_000,
  turnover: null,
  final: false,
  as_of: `${DAY} 09:31:50`,
};

describe("/v1/market/daily: today's running bar from the live feed, replaced by the import", () => {
  const store = useTestServer(
    async (db) => {
      await loadCalendar(db, '2026-03-01', '2026-04-30');
      await insertSecurities(db, [{ ts_code: '600519.SH', name: '贵州茅台' }]);
      const bar = (
        trade_date: string,
        open: number,
        high: number,
        low: number,
        close: number,
        pre_close: number,
        vol: number,
        amount: number,
      ) => ({
        ts_code: '600519.SH',
        trade_date,
        open,
        high,
        low,
        close,
        pre_close,
        change: Number((close - pre_close).toFixed(2)),
        pct_chg: 0,
        vol,
        amount,
      });
      await db('daily_bars').insert([
        bar('2026-03-31', 1470, 1490, 1465, 1480, 1475, 25_000, 3_700_000_000),
        bar('2026-04-01', 1485, 1495.5, 1480, 1489.44, 1480, 30_000, 4_460_000_000),
      ]);
      await db('adj_factors').insert([
        { ts_code: '600519.SH', trade_date: '2026-03-31', adj_factor: 8 },
        { ts_code: '600519.SH', trade_date: '2026-04-01', adj_factor: 8 },
      ]);
      // The auction, then 09:31:50: what the feed wrote by 09:32.
      const writer = new LiveWriter(db);
      await writer.write([moutai('09:25:03', 1459, 1459, 20_000, 29_180_000)]);
      await writer.write([moutai('09:31:50', 1461, 1461, 150_000, 219_000_000)]);
    },
    { clock: () => NOW },
  );
  const keys: Record<string, string> = {};
  const daily = (plan: string, query = '') =>
    fetch(`${store.server.baseUrl}/v1/market/daily?symbol=600519${query}`, {
      headers: { 'X-API-KEY': keys[plan]! },
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  before(async () => {
    for (const plan of ['starter', 'professional', 'enterprise']) keys[plan] = await keyOnPlan(store.db, plan);
  });

  it('enterprise: the running bar on top, anchoring the forward adjustment across the ex-date (history × 1459.44 / 1489.44)', async () => {
    const { status, body } = await daily('enterprise');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body.data).to.deep.equal({
      symbol: '600519.SH',
      name: '贵州茅台',
      adj_anchor_date: DAY,
      daily: [RUNNING, ...ADJUSTED_HISTORY],
    });
  });

  it('unadjusted: the running bar carries its stepped factor; with `fields` it keeps its marks', async () => {
    const { body } = await daily('enterprise', '&adjusted=false');
    expect(body.data.daily[0]).to.deep.equal({ ...RUNNING, adj_factor: RUNNING_FACTOR });
    expect(body.data.daily[1]).to.include({ date: '2026-04-01', close: 1489.44, adj_factor: 8 });
    const chosen = await daily('enterprise', '&fields=date,close');
    expect(chosen.body.data.daily.slice(0, 2)).to.deep.equal([
      { date: DAY, close: 1461, final: false, as_of: `${DAY} 09:31:50` },
      { date: '2026-04-01', close: 1459.44 },
    ]);
  });

  it("each plan on its minute delay: professional the auction's quote, starter none yet; an end_date before today none", async () => {
    const professional = await daily('professional');
    expect(professional.body.data.daily[0]).to.deep.include({
      date: DAY,
      close: 1459,
      volume: 200,
      final: false,
      as_of: `${DAY} 09:25:03`,
    });
    const starter = await daily('starter');
    expect(starter.body.data).to.deep.equal({
      symbol: '600519.SH',
      name: '贵州茅台',
      adj_anchor_date: '2026-04-01',
      daily: [
        {
          ...ADJUSTED_HISTORY[0],
          open: 1485,
          high: 1495.5,
          low: 1480,
          close: 1489.44,
          pre_close: 1480,
          change: 9.44,
          pct_change: 0.6378,
        },
        {
          ...ADJUSTED_HISTORY[1],
          open: 1470,
          high: 1490,
          low: 1465,
          close: 1480,
          pre_close: 1475,
          change: 5,
          pct_change: 0.339,
        },
      ],
    });
    const before = await daily('enterprise', '&end_date=2026-04-01');
    expect(before.body.data.daily.map((bar: { date: string }) => bar.date)).to.deep.equal(['2026-04-01', '2026-03-31']);
  });

  it('a new quote moves the cached answer; the after-close import replaces the running bar with the stored one', async () => {
    const first = await fetch(`${store.server.baseUrl}/v1/market/daily?symbol=600519`, {
      headers: { 'X-API-KEY': keys.enterprise! },
    });
    await new LiveWriter(store.db).write([moutai('09:31:58', 1462, 1462, 160_000, 233_600_000)]);
    const moved = await fetch(`${store.server.baseUrl}/v1/market/daily?symbol=600519`, {
      headers: { 'X-API-KEY': keys.enterprise!, 'If-None-Match': first.headers.get('etag')! },
    });
    expect(moved.status).to.equal(200);
    expect((await moved.json()).data.daily[0]).to.include({ close: 1462, as_of: `${DAY} 09:31:58` });

    await store.db('daily_bars').insert({
      ts_code: '600519.SH',
      trade_date: DAY,
      open: 1459,
      high: 1470,
      low: 1455,
      close: 1466,
      pre_close: 1459.44,
      change: 6.56,
      pct_chg: 0.4495,
      vol: 40_000,
      amount: 5_860_000_000,
    });
    await store.db('adj_factors').insert({ ts_code: '600519.SH', trade_date: DAY, adj_factor: 8.1644 });
    await bumpDataVersion(store.db, 'market');
    const { body } = await daily('enterprise', '&adjusted=false');
    expect(body.data.daily[0]).to.deep.equal({
      date: DAY,
      open: 1459,
      high: 1470,
      low: 1455,
      close: 1466,
      pre_close: 1459.44,
      change: 6.56,
      pct_change: 0.4495,
      volume: 40_000,
      amount: 5_860_000_000,
      turnover: null,
      adj_factor: 8.1644,
    });
  });
});
