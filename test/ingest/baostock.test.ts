import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaostockClient, BaostockError, QUERIES } from '../../src/ingest/baostock/baostockClient';
import { FrameReader, requestFrame } from '../../src/ingest/baostock/frames';
import { dividendRecords, factorRecords, reportPeriodOf, shiftDecimal } from '../../src/ingest/baostock/layout';
import { syncBaostock } from '../../src/ingest/baostock/baostockSync';
import {
  DIVIDEND_FIELD_LIST,
  DIVIDEND_FIELDS,
  juneFixture,
  replyFrame,
  startBaostockServer,
  type BaostockServer,
} from '../support/baostockServer';
import { keyOnPlan } from '../support/marketData';
import { BOOKKEEPING_TABLES, digestOfRows, tableNames } from '../support/rowDigest';
import { startServer } from '../support/server';
import { createTestDb, useTestDb } from '../support/testDb';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const capture = (name: string) => readFileSync(join(ROOT, 'test/fixtures/baostock', name));
const RANGE = { since: '2024-06-03', until: '2024-06-28', today: '2026-11-25' };
const clientOf = (server: BaostockServer, options = {}) =>
  new BaostockClient({ host: '127.0.0.1', port: server.port, pauseMs: 0, readTimeoutMs: 5000, ...options });

describe('ingest: Baostock wire format (recorded captures, test/fixtures/baostock)', () => {
  it("writes the official client's requests byte for byte: login, daily k-data, adjustment factors", () => {
    expect(requestFrame('00', ['login', 'anonymous', '123456', '0'])).to.deep.equal(capture('login.request.bin'));
    const fields = 'date,code,open,high,low,close,preclose,volume,amount,adjustflag,turn,tradestatus,pctChg,isST';
    expect(
      requestFrame('95', [
        'query_history_k_data_plus',
        'anonymous',
        '1',
        '10000',
        'sh.600000',
        fields,
        '2024-01-01',
        '2024-01-31',
        'd',
        '2',
      ]),
    ).to.deep.equal(capture('query_history_k_data_plus.request.bin'));
    expect(
      requestFrame('15', ['query_adjust_factor', 'anonymous', '1', '10000', 'sh.600000', '2023-01-01', '2023-12-31']),
    ).to.deep.equal(capture('query_adjust_factor.request.bin'));
  });

  it('reads the recorded replies delivered a byte at a time, the zlib body of type 96 included', () => {
    const reader = new FrameReader();
    const frames = [];
    for (const reply of ['login', 'query_adjust_factor', 'query_history_k_data_plus'].map((name) =>
      capture(`${name}.response.bin`),
    )) {
      for (const byte of reply) {
        reader.push(Buffer.from([byte]));
        for (let frame = reader.next(); frame !== null; frame = reader.next()) frames.push(frame);
      }
    }
    expect(frames.map((frame) => frame.type)).to.deep.equal(['01', '16', '96']);
    expect(frames[0]!.body).to.equal('0\u0001success\u0001login\u0001anonymous\u000120260422163759563');
    expect(frames[1]!.body.split('\u0001')[6]).to.equal(
      '{"record":[["sh.600000","2023-07-21","0.936211","11.949786","11.949786"]]}',
    );
    const kData = frames[2]!.body.split('\u0001');
    expect(JSON.parse(kData[6]!).record).to.have.length(22);
    expect(JSON.parse(kData[6]!).record[0]).to.deep.equal([
      '2024-01-02',
      'sh.600000',
      '6.2070789300',
      '6.2258031500',
      '6.1789926000',
      '6.1789926000',
      '6.1977168200',
      '22066700',
      '146066303.7200',
      '2',
      '0.075200',
      '1',
      '-0.302100',
      '0',
    ]);
    expect(kData.slice(7)).to.deep.equal([
      'sh.600000',
      'date,code,open,high,low,close,preclose,volume,amount,adjustflag,turn,tradestatus,pctChg,isST',
      '2024-01-01',
      '2024-01-31',
      'd',
      '2',
    ]);
  });

  it('the local server writes replies as the public one does (the recorded login and factor replies, byte for byte)', () => {
    expect(replyFrame('01', ['0', 'success', 'login', 'anonymous', '20260422163759563'])).to.deep.equal(
      capture('login.response.bin'),
    );
    const factors = [
      '0',
      'success',
      'query_adjust_factor',
      'anonymous',
      '1',
      '10000',
      '{"record":[["sh.600000","2023-07-21","0.936211","11.949786","11.949786"]]}',
      'sh.600000',
      '2023-01-01',
      '2023-12-31',
      'code,dividOperateDate,foreAdjustFactor,backAdjustFactor,adjustFactor',
    ];
    expect(replyFrame('16', factors)).to.deep.equal(capture('query_adjust_factor.response.bin'));
  });

  it('payouts: the recorded query_dividend_data request and reply byte for byte (a plain body); the record as a Tushare dividend row', () => {
    expect(
      requestFrame('13', ['query_dividend_data', 'anonymous', '1', '10000', 'sh.600000', '2023', 'report']),
    ).to.deep.equal(capture('query_dividend_data.request.bin'));
    const record = [
      'sh.600000',
      '',
      '2023-06-29',
      '2023-04-19',
      '2023-07-13',
      '2023-07-20',
      '2023-07-21',
      '2023-07-21',
      '',
      '0.32',
      '0.288或0.32',
      '0.000000',
      '10派3.2元（含税，扣税后2.88或3.2元）',
      '',
    ];
    const reply = [
      '0',
      'success',
      'query_dividend_data',
      'anonymous',
      '1',
      '10000',
      JSON.stringify({ record: [record] }),
      'sh.600000',
      '2023',
      'report',
      DIVIDEND_FIELD_LIST,
    ];
    expect(replyFrame('14', reply)).to.deep.equal(capture('query_dividend_data.response.bin'));
    // SPDB's payout for 2022: its plan announced in April 2023 is the annual one; implemented, so one row 实施.
    expect(dividendRecords([Object.fromEntries(DIVIDEND_FIELDS.map((field, i) => [field, record[i]!]))])).to.deep.equal(
      [
        {
          ts_code: '600000.SH',
          end_date: '20221231',
          ann_date: '20230419',
          div_proc: '实施',
          stk_div: '0',
          stk_bo_rate: '0.000000',
          stk_co_rate: '',
          cash_div: '0.288',
          cash_div_tax: '0.32',
          record_date: '20230720',
          ex_date: '20230721',
          pay_date: '20230721',
          div_listdate: '',
          imp_ann_date: '20230713',
        },
      ],
    );
    expect(['2024-03-15', '2024-06-30', '2024-08-20', '2024-10-30'].map(reportPeriodOf)).to.deep.equal([
      '20231231',
      '20231231',
      '20240630',
      '20240930',
    ]);
  });

  it("factors: Baostock's backward factor of the latest event, 1 before the first; scaled to continue a stored one", () => {
    const events = [
      { dividOperateDate: '2024-06-14', backAdjustFactor: '125.0496' },
      { dividOperateDate: '2024-01-02', backAdjustFactor: '116.713' },
    ];
    expect(
      factorRecords('000001.SZ', events, ['2024-06-14', '2023-12-29', '2024-06-13']).map((row) => row.adj_factor),
    ).to.deep.equal(['1', '116.713', '125.0496']);
    // The store holds 58.3565 on 06-13 (another source's base, half of Baostock's 116.713): 125.0496 × 0.5 = 62.5248.
    expect(
      factorRecords('000001.SZ', events, ['2024-06-14', '2024-06-17'], { date: '2024-06-13', factor: 58.3565 }).map(
        (row) => row.adj_factor,
      ),
    ).to.deep.equal(['62.5248', '62.5248']);
  });

  it('units move in the text: shares → lots, yuan → thousand yuan, without floating-point error', () => {
    expect(
      ['22066700', '146066303.7200', '5', '0.3', '', '-12.5'].map((text, i) => shiftDecimal(text, i === 1 ? -3 : -2)),
    ).to.deep.equal(['220667', '146066.30372', '0.05', '0.003', '', '-0.125']);
  });
});

describe('ingest: the Baostock client against a local server', () => {
  let server: BaostockServer;
  afterEach(async () => server?.close());

  it('pages until a short page, one request at a time', async () => {
    server = await startBaostockServer(juneFixture());
    const client = clientOf(server, { perPage: 5 });
    const days = await client.query(QUERIES.history, ['sz.000001', 'date,close', '2024-06-01', '2024-06-30', 'd', '3']);
    await client.close();
    expect(days).to.have.length(19);
    expect(days[0]).to.deep.equal({ date: '2024-06-03', close: '10.98' });
    expect(server.queries).to.deep.equal(Array(4).fill('query_history_k_data_plus'));
  });

  it('a reset mid-paging: a fresh connection and login, the page asked again, nothing lost or doubled', async () => {
    server = await startBaostockServer(juneFixture(), { resetAtQuery: 2 });
    const client = clientOf(server, { perPage: 5 });
    const days = await client.query(QUERIES.history, ['sz.000001', 'date', '2024-06-01', '2024-06-30', 'd', '3']);
    expect(days.map((day) => day.date))
      .to.deep.equal([...new Set(days.map((day) => day.date))])
      .and.to.have.length(19);
    expect([client.stats.retries, server.logins]).to.deep.equal([1, 2]);
  });

  it("a blacklisted address stops with Baostock's code and what to do; an unknown message type is an error", async () => {
    server = await startBaostockServer(juneFixture(), { blacklisted: true });
    const refused = await clientOf(server)
      .query(QUERIES.tradeDates, ['2024-06-01', '2024-06-30'])
      .catch((err: unknown) => err);
    expect(refused).to.be.instanceOf(BaostockError).and.include({ code: '10001011' });
    expect((refused as Error).message).to.match(/blacklisted this address.*wait before running again/);
    expect(server.logins).to.equal(1);
    await server.close();
    server = await startBaostockServer(juneFixture());
    const unknown = await clientOf(server)
      .query({ method: 'query_nothing', type: '77', fieldsAt: 8 }, [])
      .catch((err: unknown) => err);
    expect(unknown)
      .to.be.instanceOf(BaostockError)
      .and.include({ code: '10004020', message: 'Baostock answered 10004020 错误的消息类型' });
  });
});

describe('ingest: sync baostock fills the store from a local server', function () {
  this.timeout(60_000);
  const store = useTestDb();
  let server: BaostockServer;
  before(async () => {
    server = await startBaostockServer(juneFixture());
  });
  after(async () => server.close());

  it("calendar, stock list (delisted included, funds not), bars without the suspended day, factors and valuations in the store's units", async () => {
    const client = clientOf(server);
    const summary = await syncBaostock(store.db, client, RANGE);
    await client.close();
    expect(summary).to.include({ securities: 3, skipped: 0 });
    expect(summary.rows).to.deep.equal({
      // The calendar to the end of the year the server publishes (its June days after the 28th too), not to `until`.
      trade_calendar: 28,
      securities: 4,
      daily_basic: 37,
      daily_bars: 56,
      trading_halts: 1,
      adj_factors: 37,
    });
    const securities = await store
      .db('securities')
      .orderBy('ts_code')
      .select('ts_code', 'kind', 'name', 'list_date', 'delist_date', 'list_status');
    expect(securities).to.deep.equal([
      {
        ts_code: '000001.SH',
        kind: 'index',
        name: '上证综合指数',
        list_date: '1991-07-15',
        delist_date: null,
        list_status: 'L',
      },
      {
        ts_code: '000001.SZ',
        kind: 'stock',
        name: '平安银行',
        list_date: '1991-04-03',
        delist_date: null,
        list_status: 'L',
      },
      {
        ts_code: '000333.SZ',
        kind: 'stock',
        name: '美的集团',
        list_date: '2013-09-18',
        delist_date: null,
        list_status: 'L',
      },
      {
        ts_code: '600260.SH',
        kind: 'stock',
        name: '*ST凯乐',
        list_date: '2000-07-06',
        delist_date: '2023-02-15',
        list_status: 'D',
      },
    ]);
    // Ping An Bank around its ex-date (the demo's rows: vol 1,203,507.79 lots and amount 1,304,403.41 thousand
    // yuan on the 13th), through Baostock's shares and yuan, back in lots and yuan.
    const bars = await store
      .db('daily_bars')
      .where({ ts_code: '000001.SZ' })
      .whereIn('trade_date', ['2024-06-13', '2024-06-14'])
      .orderBy('trade_date')
      .select('trade_date', 'open', 'close', 'pre_close', 'change', 'pct_chg', 'vol', 'amount', 'turnover');
    expect(
      bars.map((bar) => ({ ...bar, vol: Number(bar.vol), amount: Number(bar.amount), turnover: Number(bar.turnover) })),
    ).to.deep.equal([
      {
        trade_date: '2024-06-13',
        open: 10.89,
        close: 10.8,
        pre_close: 10.88,
        change: -0.08,
        pct_chg: -0.7353,
        vol: 1203507.79,
        amount: 1304403410,
        turnover: 0.551,
      },
      {
        trade_date: '2024-06-14',
        open: 10.15,
        close: 10.18,
        pre_close: 10.08,
        change: 0.1,
        pct_chg: 0.9921,
        vol: 1637990.47,
        amount: 1657433960,
        turnover: 0.551,
      },
    ]);
    const factors = await store
      .db('adj_factors')
      .where({ ts_code: '000001.SZ' })
      .whereIn('trade_date', ['2024-06-13', '2024-06-14'])
      .orderBy('trade_date')
      .pluck('adj_factor');
    expect(factors.map(Number)).to.deep.equal([116.713, 125.0496]);
    expect(await store.db('daily_bars').where({ ts_code: '000333.SZ', trade_date: '2024-06-28' }).first()).to.equal(
      undefined,
    );
    expect(
      await store
        .db('daily_basic')
        .where({ ts_code: '000001.SZ', trade_date: '2024-06-14' })
        .first('pe_ttm', 'pb', 'ps_ttm', 'turnover_rate'),
    ).to.deep.equal({ pe_ttm: 4.5123, pb: 0.4987, ps_ttm: 1.2345, turnover_rate: 0.551 });
    const calendar = await store
      .db('trade_calendar')
      .whereBetween('cal_date', ['2024-06-07', '2024-06-11'])
      .orderBy('cal_date')
      .select('cal_date', 'is_open', 'pretrade_date');
    expect(calendar.map((day) => ({ ...day, is_open: Boolean(day.is_open) }))).to.deep.equal([
      { cal_date: '2024-06-07', is_open: true, pretrade_date: '2024-06-06' },
      { cal_date: '2024-06-08', is_open: false, pretrade_date: '2024-06-07' },
      { cal_date: '2024-06-09', is_open: false, pretrade_date: '2024-06-07' },
      { cal_date: '2024-06-10', is_open: false, pretrade_date: '2024-06-07' },
      { cal_date: '2024-06-11', is_open: true, pretrade_date: '2024-06-07' },
    ]);
  });

  it("/v1/market/daily forward-adjusts as Baostock's own adjustflag 2 prices do, to the cent; /dataapi daily answers the server's bars", async () => {
    const api = await startServer(store.db);
    try {
      const key = await keyOnPlan(store.db, 'enterprise');
      const ours = await (
        await fetch(
          `${api.baseUrl}/v1/market/daily?symbol=000001.SZ&begin_date=2024-06-03&end_date=2024-06-28&fields=date,close,pre_close`,
          { headers: { 'X-API-KEY': key } },
        )
      ).json();
      const client = clientOf(server);
      const theirs = await client.query(QUERIES.history, [
        'sz.000001',
        'date,close,preclose',
        '2024-06-03',
        '2024-06-28',
        'd',
        '2',
      ]);
      await client.close();
      const cents = (text: string) => Math.round(Number(text) * 100) / 100;
      expect(ours.data.daily).to.deep.equal(
        theirs.reverse().map((day) => ({ date: day.date, close: cents(day.close!), pre_close: cents(day.preclose!) })),
      );
      // 2024-06-13, the day before the ex-date, by hand: 10.80 × 116.713 / 125.0496 = 10.0800 → 10.08.
      expect(ours.data.daily.find((bar: { date: string }) => bar.date === '2024-06-13').close).to.equal(10.08);
      const get = async (path: string) =>
        (await fetch(`${api.baseUrl}${path}`, { headers: { 'X-API-KEY': key } })).json();
      const listed = await get('/v1/stock/list');
      expect(
        listed.data.map(
          (stock: { symbol: string; name: string; listing_date: string; delisting_date: string | null }) => [
            stock.symbol,
            stock.name,
            stock.listing_date,
            stock.delisting_date,
          ],
        ),
      ).to.deep.equal([
        ['000001.SZ', '平安银行', '1991-04-03', null],
        ['000333.SZ', '美的集团', '2013-09-18', null],
        ['600260.SH', '*ST凯乐', '2000-07-06', '2023-02-15'],
      ]);
      const calendar = await get('/v1/market/trading-calendar?begin_date=2024-06-07&end_date=2024-06-11');
      expect(calendar.data.map((day: { date: string; is_open: boolean }) => [day.date, day.is_open])).to.deep.equal([
        ['2024-06-07', true],
        ['2024-06-08', false],
        ['2024-06-09', false],
        ['2024-06-10', false],
        ['2024-06-11', true],
      ]);
      const tushare = await (
        await fetch(`${api.baseUrl}/dataapi/daily`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            token: key,
            params: { ts_code: '000001.SZ', trade_date: '20240614' },
            fields: 'ts_code,trade_date,close,vol,amount',
          }),
        })
      ).json();
      expect(tushare.data.items).to.deep.equal([['000001.SZ', '20240614', 10.18, 1637990.47, 1657433.96]]);
      const factors = await (
        await fetch(`${api.baseUrl}/dataapi/adj_factor`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            token: key,
            params: { ts_code: '000001.SZ', start_date: '20240613', end_date: '20240614' },
            fields: '',
          }),
        })
      ).json();
      expect(factors.data.items).to.deep.equal([
        ['000001.SZ', '20240614', 125.0496],
        ['000001.SZ', '20240613', 116.713],
      ]);
    } finally {
      await api.close();
    }
  });

  it('--check: the days the store holds are compared, reported and kept; only the days it lacks are written', async () => {
    await store.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: '2024-06-13' }).update({ close: 10.81 });
    await store
      .db('adj_factors')
      .where({ ts_code: '000001.SZ', trade_date: '2024-06-14' })
      .update({ adj_factor: 125.1 });
    await store.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: '2024-06-28' }).delete();
    const client = clientOf(server);
    const summary = await syncBaostock(store.db, client, {
      ...RANGE,
      symbols: ['000001.SZ'],
      datasets: ['daily', 'factors'],
      check: true,
    });
    await client.close();
    expect(summary.differences).to.deep.equal([
      { ts_code: '000001.SZ', trade_date: '2024-06-13', field: 'close', stored: 10.81, baostock: 10.8 },
      {
        ts_code: '000001.SZ',
        trade_date: '2024-06-14',
        field: 'factor step',
        stored: 125.1 / 116.713,
        baostock: 125.0496 / 116.713,
      },
      { ts_code: '000001.SZ', trade_date: '2024-06-17', field: 'factor step', stored: 125.0496 / 125.1, baostock: 1 },
    ]);
    // Kept as the audit's findings of Baostock, a security's day each, its fields side by side.
    const findings = await store
      .db('quality_findings')
      .where({ check_name: 'source_mismatch', item: 'baostock' })
      .whereNull('resolved_at')
      .orderBy('trade_date')
      .select('ts_code', 'trade_date', 'severity', 'detail');
    expect(findings.map((row) => ({ ...row, detail: JSON.parse(row.detail) }))).to.deep.equal([
      {
        ts_code: '000001.SZ',
        trade_date: '2024-06-13',
        severity: 'error',
        detail: { stored_close: 10.81, baostock_close: 10.8 },
      },
      {
        ts_code: '000001.SZ',
        trade_date: '2024-06-14',
        severity: 'error',
        detail: { stored_factor_step: 125.1 / 116.713, baostock_factor_step: 125.0496 / 116.713 },
      },
      {
        ts_code: '000001.SZ',
        trade_date: '2024-06-17',
        severity: 'error',
        detail: { stored_factor_step: 125.0496 / 125.1, baostock_factor_step: 1 },
      },
    ]);
    // 06-28, whose bar was gone, is written again with its factor.
    expect(summary.rows).to.deep.equal({ daily_bars: 1, adj_factors: 1 });
    expect(
      Number(
        await store
          .db('daily_bars')
          .where({ ts_code: '000001.SZ', trade_date: '2024-06-13' })
          .first('close')
          .then((row) => row.close),
      ),
    ).to.equal(10.81);
    // Put back as synced, for the rerun below.
    await store.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: '2024-06-13' }).update({ close: 10.8 });
    await store
      .db('adj_factors')
      .where({ ts_code: '000001.SZ', trade_date: '2024-06-14' })
      .update({ adj_factor: 125.0496 });
  });

  it('a rerun skips every security and leaves the same database', async () => {
    // The calendar and the stock list are read again on every run (they change at any time): only their data
    // versions move.
    const tables = await tableNames(store.db, [...BOOKKEEPING_TABLES, 'sync_progress']);
    const before = await digestOfRows(store.db, tables, ['published_at']);
    const client = clientOf(server);
    const summary = await syncBaostock(store.db, client, RANGE);
    await client.close();
    expect(summary).to.include({ securities: 0, skipped: 3 });
    expect(await digestOfRows(store.db, tables, ['published_at'])).to.deep.equal(before);
  });

  it("a query per stock and year into the dividend table in Tushare's layout, read back by /dataapi; a rerun asks nothing again", async () => {
    const client = clientOf(server);
    // On the store the tests above filled; its own progress part (the letter of dividends), so nothing above is skipped.
    const options = {
      since: '2024-01-01',
      until: '2024-06-28',
      today: '2026-11-25',
      symbols: ['000001.SZ'],
      datasets: ['reference', 'dividends'] as const,
    };
    const summary = await syncBaostock(store.db, client, options);
    expect(summary.rows).to.deep.include({ dividends: 1 });
    expect(server.queries.filter((method) => method === 'query_dividend_data')).to.have.length(1);
    expect(
      await store
        .db('dividends')
        .select(
          'ts_code',
          'end_date',
          'ann_date',
          'div_proc',
          'stk_div',
          'cash_div',
          'cash_div_tax',
          'record_date',
          'ex_date',
          'pay_date',
          'imp_ann_date',
        ),
    ).to.deep.equal([
      {
        ts_code: '000001.SZ',
        end_date: '2023-12-31',
        ann_date: '2024-03-15',
        div_proc: '实施',
        stk_div: null,
        cash_div: 0.6471,
        cash_div_tax: 0.719,
        record_date: '2024-06-13',
        ex_date: '2024-06-14',
        pay_date: '2024-06-14',
        imp_ann_date: '2024-06-07',
      },
    ]);
    const again = await syncBaostock(store.db, client, options);
    await client.close();
    expect(again).to.include({ securities: 0, skipped: 1 });

    const api = await startServer(store.db);
    try {
      const response = await fetch(`${api.baseUrl}/dataapi`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          api_name: 'dividend',
          token: await keyOnPlan(store.db, 'enterprise'),
          params: { ts_code: '000001.SZ' },
          fields: 'ts_code,end_date,div_proc,cash_div,cash_div_tax,ex_date',
        }),
      });
      expect((await response.json()).data).to.deep.equal({
        fields: ['ts_code', 'end_date', 'div_proc', 'cash_div', 'cash_div_tax', 'ex_date'],
        items: [['000001.SZ', '20231231', '实施', 0.6471, 0.719, '20240614']],
        has_more: false,
      });
    } finally {
      await api.close();
    }
  });
});

describe('ingest: npm run ashare -- sync baostock (the CLI against a local server)', function () {
  this.timeout(90_000);

  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'sync', 'baostock', ...args], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('survives a reset mid-run with the same rows as a clean run; a blacklist stops it with a clear message', async () => {
    const reset = await startBaostockServer(juneFixture(), { resetAtQuery: 4 });
    const clean = await createTestDb();
    const resumed = await createTestDb();
    try {
      const args = ['--since', RANGE.since, '--until', RANGE.until, '--pause-ms', '1'];
      const first = await run(args, {
        DATABASE_URL: clean.url,
        BAOSTOCK_HOST: '127.0.0.1',
        BAOSTOCK_PORT: String(server0().port),
      });
      expect(first.code, first.output).to.equal(0);
      expect(first.output).to.match(
        /baostock: 3 securities synced, 0 already done; trade_calendar 28, securities 4, daily_basic 37, daily_bars 56, adj_factors 37, trading_halts 1\n\d+ requests, 0 retries, 1 logins in/,
      );
      const second = await run(args, {
        DATABASE_URL: resumed.url,
        BAOSTOCK_HOST: '127.0.0.1',
        BAOSTOCK_PORT: String(reset.port),
      });
      expect(second.code, second.output).to.equal(0);
      expect(second.output).to.match(/, 1 retries, 2 logins in/);
      const tables = await tableNames(clean.db, BOOKKEEPING_TABLES);
      expect(await digestOfRows(resumed.db, tables, ['published_at', 'finished_at'])).to.deep.equal(
        await digestOfRows(clean.db, tables, ['published_at', 'finished_at']),
      );

      const blacklisted = await startBaostockServer(juneFixture(), { blacklisted: true });
      const refused = await run(args, {
        DATABASE_URL: resumed.url,
        BAOSTOCK_HOST: '127.0.0.1',
        BAOSTOCK_PORT: String(blacklisted.port),
      });
      await blacklisted.close();
      expect(refused.code).to.equal(1);
      expect(refused.output).to.match(
        /^error: Baostock has blacklisted this address \(10001011 黑名单用户\); stop every client on it and wait before running again\n$/,
      );
    } finally {
      await reset.close();
      await clean.drop();
      await resumed.drop();
    }
  });

  let plain: BaostockServer | undefined;
  const server0 = () => plain!;
  before(async () => {
    plain = await startBaostockServer(juneFixture());
  });
  after(async () => plain?.close());
});
