import { expect } from 'chai';
import { connect } from 'node:net';
import { eventsOf, type LiveEvent } from '../../src/domain/market/liveEvents';
import type { LiveMinuteBar } from '../../src/domain/market/liveBars';
import type { Snapshot } from '../../src/domain/market/quotes';
import { StreamHub } from '../../src/modules/market/streamHub.service';
import { openStream, type StreamReader } from '../support/eventStream';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';
import { useTestServer } from '../support/server';

const DAY = '2026-04-02';
/** The app's and the hub's clock, moved by the tests: 10:00:00 Beijing to start with. */
let now = new Date('2026-04-02T02:00:00Z');
const hub = new StreamHub({ clock: () => now, stream: { heartbeatMs: 100, maxBufferedBytes: 64 * 1024 } });

const snapshot = (ts_code: string, time: string, last: number, volume: number): Snapshot => ({
  ts_code,
  name: ts_code === '000001.SZ' ? '平安银行' : '贵州茅台',
  time: `${DAY} ${time}`,
  last,
  open: last,
  high: last,
  low: last,
  pre_close: last,
  volume,
  amount: volume * last,
  bids: [[last, 100]],
  asks: [],
  limit_up: null,
  limit_down: null,
  suspended: false,
});
const minuteBar = (ts_code: string, end: string, price: number, vol: number): LiveMinuteBar => ({
  ts_code,
  trade_time: `${DAY} ${end}`,
  open: price,
  high: price,
  low: price,
  close: price,
  vol,
  amount: vol * price,
});

let nextId = 1000;
const publish = (quotes: Snapshot[], bars: LiveMinuteBar[] = []): LiveEvent[] => {
  const events = eventsOf({ quotes, bars }, () => nextId++);
  hub.receive(events);
  return events;
};

describe('GET /v1/market/stream: live quotes and bars as Server-Sent Events', () => {
  const store = useTestServer(
    async (db) => {
      await loadCalendar(db, '2026-03-01', '2026-04-30');
      await insertSecurities(db, [
        { ts_code: '000001.SZ', name: '平安银行' },
        { ts_code: '600519.SH', name: '贵州茅台' },
      ]);
      await db('live_quotes').insert({
        ts_code: '000001.SZ',
        quote_minute: `${DAY} 09:59:00`,
        quote_time: `${DAY} 09:59:30`,
        name: '平安银行',
        last: 11.2,
        pre_close: 11.27,
        volume: 100,
        amount: 1120,
        book: '{"bids":[],"asks":[]}',
        suspended: false,
      });
    },
    { clock: () => now, liveHub: hub },
  );
  const keys: Record<string, string> = {};
  const open = (plan: string, query: string, headers: Record<string, string> = {}) =>
    openStream(`${store.server.baseUrl}/v1/market/stream?${query}`, { 'X-API-KEY': keys[plan]!, ...headers });
  const readers: StreamReader[] = [];
  const opened = async (plan: string, query: string, headers: Record<string, string> = {}) => {
    const reader = await open(plan, query, headers);
    readers.push(reader);
    return reader;
  };

  before(async () => {
    for (const plan of ['starter', 'professional', 'enterprise', 'capped'])
      keys[plan] = await keyOnPlan(store.db, plan === 'capped' ? 'enterprise' : plan);
  });
  afterEach(() => {
    for (const reader of readers.splice(0)) reader.close();
  });

  it("opens with the latest quote the plan sees, then each event of its symbols and channels, in the routes' shapes, with ids and heartbeats", async () => {
    const reader = await opened('enterprise', 'symbol=000001&channels=quote,bar');
    expect([reader.status, reader.headers.get('content-type'), reader.headers.get('cache-control')]).to.deep.equal([
      200,
      'text/event-stream; charset=utf-8',
      'no-cache, no-transform',
    ]);
    const [first] = await reader.waitFor(1);
    expect([first!.event, first!.id]).to.deep.equal(['quote', undefined]);
    expect(first!.data).to.deep.include({ symbol: '000001.SZ', basis: 'live', time: `${DAY} 09:59:30`, last: 11.2 });
    publish(
      [snapshot('000001.SZ', '09:59:58', 11.25, 5000), snapshot('600519.SH', '09:59:58', 1460, 300)],
      [minuteBar('000001.SZ', '10:00:00', 11.25, 5000)],
    );
    const events = await reader.waitFor(3);
    expect(events.slice(1)).to.deep.equal([
      {
        id: String(nextId - 3),
        event: 'quote',
        data: {
          symbol: '000001.SZ',
          name: '平安银行',
          basis: 'live',
          time: `${DAY} 09:59:58`,
          last: 11.25,
          open: 11.25,
          high: 11.25,
          low: 11.25,
          pre_close: 11.25,
          change: 0,
          pct_change: 0,
          volume: 50,
          amount: 56_250,
          bids: [{ price: 11.25, volume: 1 }],
          asks: [],
          limit_up: null,
          limit_down: null,
          suspended: false,
        },
      },
      {
        id: String(nextId - 1),
        event: 'bar',
        data: {
          symbol: '000001.SZ',
          time: `${DAY} 10:00:00`,
          open: 11.25,
          high: 11.25,
          low: 11.25,
          close: 11.25,
          volume: 50,
          amount: 56_250,
        },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(reader.events.some((event) => event.comment === 'heartbeat')).to.equal(true);
  });

  it("channels=bar sends bars only; the key may come as api_key (a browser's EventSource sends no headers)", async () => {
    const reader = await openStream(
      `${store.server.baseUrl}/v1/market/stream?symbol=000001&channels=bar&api_key=${keys.enterprise}`,
    );
    readers.push(reader);
    expect(reader.status).to.equal(200);
    publish([snapshot('000001.SZ', '10:00:01', 11.26, 6000)], [minuteBar('000001.SZ', '10:01:00', 11.26, 1000)]);
    const [event] = await reader.waitFor(1);
    expect(event).to.deep.include({ event: 'bar', id: String(nextId - 1) });
  });

  it('each plan at its minute delay: professional gets an event once a minute past its market time, starter 15 minutes', async () => {
    const professional = await opened('professional', 'symbol=600519&channels=quote');
    const starter = await opened('starter', 'symbol=600519&channels=quote');
    const [event] = publish([snapshot('600519.SH', '10:00:00', 1461, 400)]);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect([professional.events, starter.events].map((events) => events.filter((e) => e.event).length)).to.deep.equal([
      0, 0,
    ]);
    now = new Date(now.getTime() + 60_000); // 10:01:00: the 10:00:00 quote is a minute old
    expect((await professional.waitFor(1))[0]).to.deep.include({ id: String(event!.id), event: 'quote' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(starter.events.filter((e) => e.event)).to.deep.equal([]);
    now = new Date(now.getTime() + 14 * 60_000); // 10:15:00
    expect((await starter.waitFor(1))[0]).to.deep.include({ id: String(event!.id) });
  });

  it('a reconnect with Last-Event-ID resumes after it from the kept events, without the opening quote', async () => {
    const events = publish(
      [snapshot('000001.SZ', '10:15:01', 11.3, 7000)],
      [minuteBar('000001.SZ', '10:16:00', 11.3, 1000)],
    );
    const reader = await opened('enterprise', 'symbol=000001', { 'Last-Event-ID': String(events[0]!.id) });
    const [resumed] = await reader.waitFor(1);
    expect(resumed).to.deep.include({ id: String(events[1]!.id), event: 'bar' });
    const bad = await open('enterprise', 'symbol=000001', { 'Last-Event-ID': 'yesterday' });
    expect(bad.status).to.equal(400);
  });

  it('at most 5 streams per key: the sixth gets 429; closing one frees its place', async () => {
    for (let i = 0; i < 5; i++) expect((await opened('capped', 'symbol=000001')).status).to.equal(200);
    const sixth = await fetch(`${store.server.baseUrl}/v1/market/stream?symbol=000001`, {
      headers: { 'X-API-KEY': keys.capped! },
    });
    expect(sixth.status).to.equal(429);
    expect(await sixth.json()).to.deep.include({ error: 'rate_limit_exceeded' });
    readers.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await opened('capped', 'symbol=000001')).status).to.equal(200);
  });

  it('a client that does not read is closed with slow_client while a reading one gets every event', async () => {
    const { port } = new URL(store.server.baseUrl);
    const slow = connect(Number(port), '127.0.0.1');
    slow.write(
      `GET /v1/market/stream?symbol=000001&channels=quote HTTP/1.1\r\nHost: x\r\nX-API-KEY: ${keys.enterprise}\r\n\r\n`,
    );
    slow.pause();
    const fast = await opened('enterprise', 'symbol=000001&channels=quote');
    await fast.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Published in bursts the reading client keeps up with: only the one that does not read falls behind.
    const total = 20_000;
    // A burst stays well under the 64 kB bound (about 600 bytes an event), so a loaded machine never takes the reading client for a slow one.
    const burst = 40;
    for (let i = 0; i < total; i += burst) {
      publish(
        Array.from({ length: burst }, (_, j) => ({
          ...snapshot('000001.SZ', '10:20:00', 11.3, 8000 + i + j),
          name: '平安银行'.repeat(20),
        })),
      );
      await fast.waitFor(1 + i + burst, 5000);
    }
    // Heartbeat comments may fall between the events on a slow run: the last event, not the last line, is checked.
    const delivered = fast.events.filter((event) => event.comment === undefined);
    expect(delivered.filter((event) => event.event === 'error')).to.deep.equal([]);
    expect(delivered.at(-1)).to.deep.include({ id: String(nextId - 1) });
    slow.resume();
    const received = await new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('event: error')) resolve(text);
      });
    });
    slow.destroy();
    expect(received).to.include('event: error\ndata: {"error":"slow_client"');
  });
});
