import { expect } from 'chai';
import { join } from 'node:path';
import { importBundle } from '../../src/ingest/bundle';
import { rejectionLines } from '../../src/loaders/loaderTypes';
import { runAudit } from '../../src/audit/runAudit';
import { dataapi } from '../support/dataapi';
import { useKeyedServer } from '../support/server';

/**
 * Shenwan's industry indices through the catalogue: test/fixtures/industries holds index_basic rows of four
 * markets (SW, CSI, SSE, MSCI), index_classify's rows of two levels, a bar of CSI 300 and sw_daily rows in doc 327's fields and units (vol 万股, amount and market
 * values 万元; synthetic figures), one of them with only a close and a valuation.
 */
describe('industry indices: index_basic of SW and CSI, sw_daily (doc 327) as bars and valuations', () => {
  const api = useKeyedServer(async (db) => {
    const results = await importBundle(db, join(import.meta.dirname, '../fixtures/industries'));
    expect(results.flatMap(rejectionLines)).to.deep.equal([]);
  }, 'enterprise');

  it("index_basic lists the publishers' families under their publisher and skips a market with no code form", async () => {
    const listed = await api.db('securities').orderBy('ts_code').select('ts_code', 'kind', 'exchange', 'name');
    expect(listed).to.deep.equal([
      { ts_code: '000300.SH', kind: 'index', exchange: 'SSE', name: '沪深300' },
      { ts_code: '000985.CSI', kind: 'index', exchange: 'CSI', name: '中证全指' },
      { ts_code: '000986.SH', kind: 'index', exchange: 'SSE', name: '全指能源' },
      { ts_code: '801120.SI', kind: 'index', exchange: 'SW', name: '食品饮料' },
      { ts_code: '801125.SI', kind: 'index', exchange: 'SW', name: '白酒Ⅱ' },
    ]);
  });

  it('basic-info, the list and search name a Shenwan or CSI index with its publisher', async () => {
    const info = await api.get('/v1/stock/basic-info?symbol=801120&fields=symbol,name,exchange,exchange_name');
    expect([info.status, info.body.data]).to.deep.equal([
      200,
      { symbol: '801120.SI', name: '食品饮料', exchange: 'SW', exchange_name: '申万宏源研究' },
    ]);
    const csi = await api.get(`/v1/stock/basic-info?symbol=${encodeURIComponent('000985.CSI')}&fields=exchange_name`);
    expect(csi.body.data).to.deep.equal({ exchange_name: '中证指数有限公司' });
    const list = await api.get('/v1/stock/list?kind=index');
    expect(list.body.data.map((row: { symbol: string; exchange: string }) => [row.symbol, row.exchange])).to.deep.equal(
      [
        ['000300.SH', 'SSE'],
        ['000985.CSI', 'CSI'],
        ['000986.SH', 'SSE'],
        ['801120.SI', 'SW'],
        ['801125.SI', 'SW'],
      ],
    );
    const found = await api.get(`/v1/stock/search?keyword=${encodeURIComponent('食品')}`);
    expect(found.body.data).to.deep.equal([
      {
        symbol: '801120',
        name: '食品饮料',
        exchange: 'SW',
        standard_symbol: '801120.SI',
        industry: null,
        industry_classification: null,
      },
    ]);
  });

  it('daily answers a Shenwan index raw, in standard form and lower case: points, vol 万股 → lots, amount 万元 → yuan', async () => {
    const bars = [
      // 2024-01-05: pre_close 20650.55 − 117.15; 88765.43 万股 = 8,876,543 lots; 1,800,000.01 万元 in yuan.
      {
        date: '2024-01-05',
        open: 20530.01,
        high: 20702.8,
        low: 20311.2,
        close: 20650.55,
        pre_close: 20533.4,
        change: 117.15,
        pct_change: 0.57,
        volume: 8876543,
        amount: 18000000100,
        turnover: null,
      },
      {
        date: '2024-01-04',
        open: 20850.3,
        high: 20880.15,
        low: 20501.62,
        close: 20533.4,
        pre_close: 20851.07,
        change: -317.67,
        pct_change: -1.52,
        volume: 10123450,
        amount: 20012345000,
        turnover: null,
      },
    ];
    for (const symbol of ['801120', '801120.SI', '801120.si']) {
      const { status, body } = await api.get(
        `/v1/market/daily?symbol=${symbol}&begin_date=2024-01-04&end_date=2024-01-05`,
      );
      expect(status, symbol).to.equal(200);
      expect(body.data, symbol).to.deep.equal({
        symbol: '801120.SI',
        name: '食品饮料',
        adj_anchor_date: null,
        daily: bars,
      });
    }
    const refused = await api.get('/v1/market/daily?symbol=sw.801120');
    expect([refused.status, refused.body.error]).to.deep.equal([400, 'invalid_symbol']);
  });

  it("family two's industry index (000, CSI's, listed by the SSE) answers in standard form; raw 000 is the SZSE code", async () => {
    const { status, body } = await api.get(
      '/v1/market/daily?symbol=000986.SH&begin_date=2024-01-03&end_date=2024-01-03',
    );
    expect([status, body.data.name, body.data.daily[0].close, body.data.daily[0].amount]).to.deep.equal([
      200,
      '全指能源',
      2417.36,
      6120001500,
    ]);
    const raw = await api.get('/v1/market/daily?symbol=000986');
    expect(raw.body).to.deep.equal({ code: 400, message: 'Unknown symbol: 000986.SZ', error: 'invalid_symbol' });
  });

  it('a row with only a close answers nulls for what it did not send; an index has no factor to adjust by', async () => {
    const { status, body } = await api.get(
      '/v1/market/daily?symbol=801125.SI&begin_date=2024-01-01&end_date=2024-01-08&adjusted=false',
    );
    expect(status).to.equal(200);
    expect(body.data.daily).to.deep.equal([
      {
        date: '2024-01-03',
        open: null,
        high: null,
        low: null,
        close: 61234.5,
        pre_close: null,
        change: null,
        pct_change: null,
        volume: null,
        amount: null,
        turnover: null,
        adj_factor: null,
      },
    ]);
  });

  it("weekly klines sum the week's bars", async () => {
    const { status, body } = await api.get(
      '/v1/market/klines?symbol=801120&interval=weekly&begin_date=2024-01-01&end_date=2024-01-08',
    );
    expect(status).to.equal(200);
    // Open of 01-02, the week's high and low, close of 01-05; −375.58 / 21026.13 = −1.7863 %; the four days' sums.
    expect(body.data.klines).to.deep.equal([
      {
        time: '2024-01-05',
        open: 21026.13,
        high: 21051.39,
        low: 20311.2,
        close: 20650.55,
        pre_close: 21026.13,
        change: -375.58,
        pct_change: -1.7863,
        volume: 11987642 + 9653010 + 10123450 + 8876543,
        amount: 23865241700 + 19500124000 + 20012345000 + 18000000100,
      },
    ]);
  });

  it("the industry's valuation is the index's daily valuation: pe, pb, market values 万元 → yuan", async () => {
    const { status, body } = await api.get(
      '/v1/market/valuation?symbol=801120&begin_date=2024-01-02&end_date=2024-01-02',
    );
    expect(status).to.equal(200);
    expect(body.data[0].valuation[0]).to.deep.include({
      date: '2024-01-02',
      pe: 27.12,
      pb: 5.63,
      circ_mv: 4400000005000,
      total_mv: 4750000002500,
      pe_ttm: null,
    });
  });

  // CSI 300's bar of the same day (index_daily.csv) is no Shenwan index's, though daily_bars holds both.
  it('/dataapi sw_daily answers the rows as sent, in its fields, order and units, nulls included', async () => {
    const answer = await dataapi(api.server.baseUrl, api.key, 'sw_daily', {
      start_date: '20240103',
      end_date: '20240103',
    });
    expect(answer.code, answer.msg).to.equal(0);
    expect(answer.data.fields).to.deep.equal([
      'ts_code',
      'trade_date',
      'name',
      'open',
      'low',
      'high',
      'close',
      'change',
      'pct_change',
      'vol',
      'amount',
      'pe',
      'pb',
      'float_mv',
      'total_mv',
    ]);
    expect(answer.data.items).to.deep.equal([
      [
        '801120.SI',
        '20240103',
        '食品饮料',
        20770.01,
        20602.5,
        20890.44,
        20851.07,
        78.11,
        0.38,
        96530.1,
        1950012.4,
        27.22,
        5.65,
        441600000,
        476700000,
      ],
      ['801125.SI', '20240103', '白酒Ⅱ', null, null, null, 61234.5, null, null, null, null, 30.01, 7.2, null, null],
    ]);
  });

  it('the industry cross-section: every industry of the level with its index bar and valuation, as daily answers the index', async () => {
    const { status, body } = await api.get('/v1/industry/cross-section?date=2024-01-03');
    expect(status).to.equal(200);
    const daily = await api.get('/v1/market/daily?symbol=801120.SI&begin_date=2024-01-03&end_date=2024-01-03');
    // The daily bar's fields but its date and turnover (the cross-section carries the valuation instead).
    const bar = Object.fromEntries(
      Object.entries(daily.body.data.daily[0]).filter(([field]) => !['date', 'turnover'].includes(field)),
    );
    const nulls = Object.fromEntries(Object.keys(bar).map((field) => [field, null]));
    expect(body.data).to.deep.equal({
      date: '2024-01-03',
      level: 1,
      industries: [
        // 农林牧渔 has no bar that day: listed, with nulls.
        {
          symbol: '801010.SI',
          name: '农林牧渔',
          industry_code: '110000',
          ...nulls,
          pe: null,
          pb: null,
          total_mv: null,
          circ_mv: null,
        },
        {
          symbol: '801120.SI',
          name: '食品饮料',
          industry_code: '340000',
          ...bar,
          pe: 27.22,
          pb: 5.65,
          total_mv: 4767000000000,
          circ_mv: 4416000000000,
        },
      ],
    });
    const second = await api.get('/v1/industry/cross-section?date=2024-01-03&level=2');
    expect(
      second.body.data.industries.map((row: { symbol: string; close: number; pe: number }) => [
        row.symbol,
        row.close,
        row.pe,
      ]),
    ).to.deep.equal([['801125.SI', 61234.5, 30.01]]);
    const csv = await fetch(`${api.server.baseUrl}/v1/industry/cross-section?date=2024-01-03&format=csv`, {
      headers: { 'X-API-KEY': api.key },
    });
    expect((await csv.text()).split('\n')[2]).to.equal(
      '2024-01-03,1,801120.SI,食品饮料,340000,20770.01,20890.44,20602.5,20851.07,20772.96,78.11,0.38,9653010,19500124000,27.22,5.65,4767000000000,4416000000000',
    );
  });

  it('the industry cross-section refuses a closed day, a level past 3, and answers no_data without a classification', async () => {
    const closed = await api.get('/v1/industry/cross-section?date=2024-01-06');
    expect([closed.status, closed.body.error]).to.deep.equal([404, 'no_data']);
    const deeper = await api.get('/v1/industry/cross-section?level=4');
    expect([deeper.status, deeper.body.error]).to.deep.equal([400, 'invalid_parameter']);
    const third = await api.get('/v1/industry/cross-section?date=2024-01-03&level=3');
    expect([third.status, third.body.error]).to.deep.equal([404, 'no_data']);
  });

  it("the audit checks industry bars as any index's: a whole bar passes, a close alone is incomplete", async () => {
    await runAudit(api.db, { now: new Date('2024-01-09T09:00:00Z') });
    const findings = await api
      .db('quality_findings')
      .where('ts_code', 'like', '%.SI')
      .orderBy('check_name')
      .select('check_name', 'ts_code', 'trade_date');
    expect(findings).to.deep.equal([
      { check_name: 'ohlc_inconsistent', ts_code: '801125.SI', trade_date: '2024-01-03' },
      { check_name: 'zero_volume', ts_code: '801125.SI', trade_date: '2024-01-03' },
    ]);
  });
});
