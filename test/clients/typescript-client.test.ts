import { expect } from 'chai';
import { AshareApiError, AshareClient } from '../../clients/typescript/src/index';
import { createKey, signUp } from '../support/accounts';
import { generatedStore, type GeneratedStore } from '../support/generatedStore';
import { eventsOf } from '../../src/domain/market/liveEvents';
import { StreamHub } from '../../src/modules/market/streamHub.service';
import { insertSecurities, keyOnPlan } from '../support/marketData';
import { useTestServer } from '../support/server';

describe('TypeScript client (clients/typescript) against a live server', () => {
  let store: GeneratedStore;
  let client: AshareClient;
  /** The same request without the client, for whole-body comparisons. */
  const direct = async (path: string) => {
    const response = await fetch(store.baseUrl + path, { headers: { 'X-API-KEY': store.key } });
    return { status: response.status, body: await response.json() };
  };
  before(async function () {
    this.timeout(120_000);
    store = await generatedStore();
    client = new AshareClient({ baseUrl: store.baseUrl, apiKey: store.key });
  });

  it('sends the key once set and returns the typed success body', async () => {
    const body = await client.get('/v1/stock/search', { keyword: 'SYN00012', limit: 5 });
    expect(body).to.deep.equal((await direct('/v1/stock/search?keyword=SYN00012&limit=5')).body);
    // The generator gives stock 12 the first board (SSE main board), serial 12 ÷ 3 = 4: 600004.SH.
    expect(body.data).to.deep.equal([
      {
        symbol: '600004',
        name: 'SYN00012',
        exchange: 'SSE',
        standard_symbol: '600004.SH',
        industry: 'synthetic',
        industry_classification: 'stock_list',
      },
    ]);
  });

  it('throws one error class carrying status, error code and message of the envelope', async () => {
    const error = await client.get('/v1/stock/basic-info', { symbol: '999999' }).catch((err: unknown) => err);
    expect(error).to.be.instanceOf(AshareApiError);
    const { status, body } = await direct('/v1/stock/basic-info?symbol=999999');
    expect(status).to.equal(400);
    expect({
      status: (error as AshareApiError).status,
      error: (error as AshareApiError).error,
      message: (error as AshareApiError).message,
    }).to.deep.equal({
      status: 400,
      error: 'invalid_symbol',
      message: body.message,
    });
  });

  it('a wrong key is a 401 invalid_key error', async () => {
    const stranger = new AshareClient({ baseUrl: store.baseUrl, apiKey: 'ak_wrong' });
    const error = (await stranger
      .get('/v1/stock/search', { keyword: 'SYN' })
      .catch((err: unknown) => err)) as AshareApiError;
    expect([error.status, error.error]).to.deep.equal([401, 'invalid_key']);
  });

  it('waits out a 429 for its Retry-After, then asks again', async () => {
    const seen: number[] = [];
    let refusals = 1;
    const flaky = new AshareClient({
      baseUrl: store.baseUrl,
      apiKey: store.key,
      // The first answer is a 429 with Retry-After: 1 (a real one asks to wait up to a minute); the rest go to the server.
      fetch: async (request) => {
        seen.push(Date.now());
        if (refusals-- > 0) {
          return Response.json(
            { code: 429, message: 'Rate limit exceeded', error: 'rate_limit_exceeded' },
            { status: 429, headers: { 'Retry-After': '1' } },
          );
        }
        return fetch(request);
      },
    });
    const body = await flaky.get('/v1/stock/search', { keyword: 'SYN00001' });
    expect(body.data[0]!.name).to.equal('SYN00001');
    expect(seen).to.have.length(2);
    // Node's timers run on the loop's millisecond clock, so a 1,000 ms wait can read as 999 ms on Date.now().
    expect(seen[1]! - seen[0]!).to.be.at.least(998);
  });

  it('gives up when Retry-After is longer than it may wait (the real limiter asks for up to a minute)', async () => {
    const { token, userId } = await signUp(store.baseUrl, 'client-429');
    const { key } = await createKey(store.baseUrl, token);
    // An account's own limit applies on the enterprise plan (the others take the plan's).
    await store.db('accounts').where({ id: userId }).update({ plan_id: 'enterprise', rate_limit_per_minute: 1 });
    const patient = new AshareClient({
      baseUrl: store.baseUrl,
      apiKey: key,
      retry: { maxRetries: 3, maxDelayMs: 5000 },
    });
    await patient.get('/v1/stock/search', { keyword: 'SYN' });
    const started = Date.now();
    const error = (await patient
      .get('/v1/stock/search', { keyword: 'SYN' })
      .catch((err: unknown) => err)) as AshareApiError;
    expect([error.status, error.error, error.message]).to.deep.equal([
      429,
      'rate_limit_exceeded',
      'Rate limit exceeded: 1 requests per minute',
    ]);
    expect(Date.now() - started).to.be.below(5000);
  });

  it('splits a daily range longer than three years into three-year requests and joins the series', async () => {
    const whole = await direct(
      '/v1/market/daily?symbol=600000.SH&begin_date=2019-01-01&end_date=2025-12-31&limit=1000',
    );
    expect([whole.status, whole.body.error]).to.deep.equal([400, 'date_range_too_large']);

    const series = await client.dailyRange({ symbol: '600000.SH', begin_date: '2019-01-01', end_date: '2025-12-31' });
    if (Array.isArray(series)) throw new Error('one symbol gives one series');
    const stored = await store
      .db('daily_bars')
      .where({ ts_code: '600000.SH' })
      .orderBy('trade_date', 'desc')
      .pluck('trade_date');
    expect(series.daily.map((bar) => bar.date)).to.deep.equal(stored.map((date: string) => date.slice(0, 10)));
    // The windows are 2023-01-01..2025-12-31, 2020-01-01..2022-12-31 and 2019-01-01..2019-12-31: each as one request.
    const windows = await Promise.all(
      [
        ['2023-01-01', '2025-12-31'],
        ['2020-01-01', '2022-12-31'],
        ['2019-01-01', '2019-12-31'],
      ].map(([begin, end]) =>
        direct(`/v1/market/daily?symbol=600000.SH&begin_date=${begin}&end_date=${end}&limit=1000`),
      ),
    );
    expect(series).to.deep.equal({
      ...windows[0]!.body.data,
      daily: windows.flatMap((window) => window.body.data.daily),
    });
  });

  it('keeps the array shape of a symbol list and cuts each joined series to limit', async () => {
    const series = await client.dailyRange({
      symbol: '600000.SH,000001.SZ',
      begin_date: '2019-01-01',
      end_date: '2025-12-31',
      limit: 800,
    });
    if (!Array.isArray(series)) throw new Error('a list gives an array');
    expect(series.map((one) => [one.symbol, one.daily.length])).to.deep.equal([
      ['600000.SH', 800],
      ['000001.SZ', 800],
    ]);
    const newest = await direct(
      '/v1/market/daily?symbol=000001.SZ&begin_date=2023-01-01&end_date=2025-12-31&limit=1000',
    );
    const older = await direct(
      '/v1/market/daily?symbol=000001.SZ&begin_date=2020-01-01&end_date=2022-12-31&limit=1000',
    );
    expect(series[1]!.daily).to.deep.equal([...newest.body.data.daily, ...older.body.data.daily].slice(0, 800));
  });

  it('iterates a page/offset list to its end, by page and by offset', async () => {
    const all = (await direct('/v1/stock/search?keyword=SYN&limit=100')).body.data;
    expect(all).to.have.length(50);
    const byPage = [];
    for await (const item of client.items('/v1/stock/search', { keyword: 'SYN', limit: 7 })) byPage.push(item);
    expect(byPage).to.deep.equal(all);
    const byOffset = [];
    for await (const item of client.items('/v1/stock/search', { keyword: 'SYN', limit: 9, offset: 45 }))
      byOffset.push(item);
    expect(byOffset).to.deep.equal(all.slice(45));
  });

  it('follows the trades cursor through a whole session', async () => {
    const trades = [];
    for await (const trade of client.trades({ symbol: '600000.SH', date: '2025-12-30', limit: 250 }))
      trades.push(trade);
    // 703: the generated ticks.csv holds 703 rows of 600000.SH on 2025-12-30 (seed 12).
    expect(trades).to.have.length(703);
    const onePage = (await direct('/v1/market/trades?symbol=600000.SH&date=2025-12-30&limit=1000')).body;
    expect(onePage.has_more).to.equal(false);
    expect(trades).to.deep.equal(onePage.data);
  });

  it('arrowTable(): the rows of a table route as typed Arrow columns; tableBytes(): the Parquet file as served', async () => {
    const query = { symbol: '600004', begin_date: '2025-01-01', end_date: '2025-01-31', fields: 'date,close,volume' };
    const {
      body: { data },
    } = await direct(
      '/v1/market/daily?symbol=600004&begin_date=2025-01-01&end_date=2025-01-31&fields=date,close,volume',
    );
    const table = await client.arrowTable('/v1/market/daily', query);
    expect(table.schema.fields.map((field) => `${field.name}: ${field.type}`)).to.deep.equal([
      'symbol: Dictionary<Int32, Utf8>',
      'name: Dictionary<Int32, Utf8>',
      'adj_anchor_date: Date32<DAY>',
      'date: Date32<DAY>',
      'close: Float64',
      'volume: Int64',
    ]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(
      table.toArray().map((row) => ({ date: day(row.date), close: row.close, volume: Number(row.volume) })),
    ).to.deep.equal(data.daily);
    expect(table.schema.metadata.get('adj_anchor_date')).to.equal(data.adj_anchor_date);
    const parquet = await client.tableBytes('/v1/market/daily', query, 'parquet');
    // A Parquet file begins and ends with its magic number.
    expect(Buffer.from(parquet.subarray(0, 4)).toString()).to.equal('PAR1');
    expect(Buffer.from(parquet.subarray(-4)).toString()).to.equal('PAR1');
    const error = await client
      .arrowTable('/v1/market/daily', { ...query, symbol: '999999' })
      .catch((err: unknown) => err);
    expect([(error as AshareApiError).status, (error as AshareApiError).error]).to.deep.equal([400, 'invalid_symbol']);
  });
});

describe('TypeScript client: quote() and stream() against a live server with a live hub', () => {
  const hub = new StreamHub();
  const store = useTestServer(
    async (db) => {
      await insertSecurities(db, [{ ts_code: '600519.SH', name: '贵州茅台' }]);
      await db('daily_bars').insert({
        ts_code: '600519.SH',
        trade_date: '2024-12-31',
        open: 1520,
        high: 1530,
        low: 1510,
        close: 1524,
        pre_close: 1519,
        vol: 30_000,
        amount: 4_572_000_000,
      });
    },
    { liveHub: hub },
  );
  let client: AshareClient;
  before(async () => {
    client = new AshareClient({ baseUrl: store.server.baseUrl, apiKey: await keyOnPlan(store.db, 'enterprise') });
  });

  it('quote(): the typed quotes, the latest close standing in without a live one', async () => {
    const [quote] = await client.quote(['600519']);
    expect(quote).to.deep.include({
      symbol: '600519.SH',
      basis: 'close',
      time: '2024-12-31 15:00:00',
      last: 1524,
      change: 5,
      pct_change: 0.33,
      volume: 30_000,
    });
  });

  it('stream(): quote and bar events; after the server ends the stream it reconnects and resumes after the last id', async () => {
    const abort = new AbortController();
    const events = client.stream('600519', ['quote', 'bar'], { signal: abort.signal, reconnectMs: 50 });
    const snapshot = (time: string, volume: number) => ({
      ts_code: '600519.SH',
      name: '贵州茅台',
      time,
      last: 1525,
      open: 1524,
      high: 1526,
      low: 1523,
      pre_close: 1524,
      volume,
      amount: volume * 1525,
      bids: [],
      asks: [],
      limit_up: null,
      limit_down: null,
      suspended: false,
    });
    let id = 1;
    const publish = (time: string, volume: number) =>
      hub.receive(eventsOf({ quotes: [snapshot(time, volume)], bars: [] }, () => id++));
    const opening = await events.next();
    expect(opening.value).to.deep.include({ event: 'quote', id: undefined });
    publish('2025-01-02 09:31:00', 100);
    expect((await events.next()).value).to.deep.include({ event: 'quote', id: '1' });
    hub.closeAll();
    publish('2025-01-02 09:31:03', 200); // while the client is away: kept, and replayed after id 1
    const resumed = (await events.next()).value!;
    expect(resumed).to.deep.include({ event: 'quote', id: '2' });
    expect(resumed.data).to.deep.include({ time: '2025-01-02 09:31:03', volume: 2 });
    abort.abort();
    expect((await events.next()).done).to.equal(true);
  });
});
