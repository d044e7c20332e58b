import { expect } from 'chai';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { redisBus, type LiveBus } from '../../src/db/liveBus';
import type { LiveEvent } from '../../src/domain/market/liveEvents';
import type { Snapshot } from '../../src/domain/market/quotes';
import { startQuoteFeed, type RunningFeed } from '../../src/live/pollerLock';
import { insertSecurities, loadCalendar } from '../support/marketData';
import { startQuoteServer, type QuoteServer } from '../support/quoteServer';
import { redisOrSkip } from '../support/redis';
import { useTestDb } from '../support/testDb';

const logger = pino({ level: 'silent' });
/** 10:00 Beijing on a trading day: inside the morning session. */
const IN_SESSION = () => new Date('2026-04-02T02:00:00Z');

const quote = (time: string, volume: number): Snapshot => ({
  ts_code: '600519.SH',
  name: '贵州茅台',
  time: `2026-04-02 ${time}`,
  last: 1460,
  open: 1459,
  high: 1461,
  low: 1458,
  pre_close: 1459.44,
  volume,
  amount: volume * 1460,
  bids: [],
  asks: [],
  limit_up: 1605.38,
  limit_down: 1313.5,
  suspended: false,
});

const until = async (condition: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("live quotes across instances: one poller (a Redis lock), every instance's streams fed (Redis pub/sub)", function () {
  this.timeout(30_000);
  const testDb = useTestDb();
  let url = '';
  let server: QuoteServer;
  const connections: Redis[] = [];
  const buses: LiveBus[] = [];
  const feeds: RunningFeed[] = [];

  before(async function () {
    url = await redisOrSkip(this, 'live instances');
    const cleaner = new Redis(url);
    await cleaner.del('ashare:quote-poller');
    cleaner.disconnect();
    await loadCalendar(testDb.db, '2026-03-01', '2026-04-30');
    await insertSecurities(testDb.db, [{ ts_code: '600519.SH', name: '贵州茅台' }]);
    server = await startQuoteServer();
  });
  after(async () => {
    for (const feed of feeds) await feed.stop();
    for (const bus of buses) await bus.close();
    for (const connection of connections) connection.disconnect();
    await server?.close();
  });

  it('two instances: one polls, both receive every event; when the poller stops, the other takes over', async () => {
    const received: LiveEvent[][] = [[], []];
    const config = {
      QUOTE_SOURCE: 'tencent' as const,
      QUOTE_URL: server.url,
      QUOTE_SYMBOLS: '600519',
      QUOTE_INTERVAL_MS: 500,
    };
    server.snapshots = new Map([['600519.SH', quote('10:00:00', 1000)]]);
    // Both instances listen before either polls, so both see every event from the first.
    const redisOf: Redis[] = [];
    for (const i of [0, 1]) {
      const redis = new Redis(url, { maxRetriesPerRequest: 1 });
      connections.push(redis);
      redisOf.push(redis);
      buses.push(await redisBus(url, logger, (events) => received[i]!.push(...events)));
    }
    for (const i of [0, 1])
      feeds.push((await startQuoteFeed(testDb.db, config, logger, redisOf[i], buses[i]!, IN_SESSION))!);
    await until(() => received.every((events) => events.length > 0), 10_000, 'events at both instances');
    expect(feeds.map((feed) => feed.polling).filter(Boolean)).to.have.length(1);
    expect(received[0]![0]).to.deep.equal(received[1]![0]);
    expect(received[0]![0]).to.deep.include({ channel: 'quote', symbol: '600519.SH', time: '2026-04-02 10:00:00' });

    const holder = feeds.findIndex((feed) => feed.polling);
    await feeds[holder]!.stop();
    const other = feeds[1 - holder]!;
    await until(() => other.polling, 10_000, 'the other instance to take over');
    const seen = received[1 - holder]!.length;
    server.snapshots = new Map([['600519.SH', quote('10:00:30', 2000)]]);
    await until(
      () => received[1 - holder]!.some((event) => event.time === '2026-04-02 10:00:30'),
      10_000,
      'events from the new poller',
    );
    expect(received[1 - holder]!.length).to.be.greaterThan(seen);
  });
});
