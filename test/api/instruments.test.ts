import { expect } from 'chai';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { importBundle } from '../../src/ingest/bundle';
import { useKeyedServer } from '../support/server';
import { dataapi } from '../support/dataapi';

const BUNDLE = join(__dirname, '../fixtures/instruments');

async function seed(db: Knex): Promise<void> {
  await importBundle(db, BUNDLE);
}

/** ETFs and convertible bonds beside stocks: test/fixtures/instruments (synthetic figures, real codes). */
describe('ETFs and convertibles: fund_basic, fund_daily, fund_adj, cb_basic, cb_daily', () => {
  const api = useKeyedServer(seed, 'enterprise');

  it('each listed fund and bond becomes a security of its kind; a fund still issuing does not', async () => {
    const rows = await api
      .db('securities')
      .orderBy('ts_code')
      .select('ts_code', 'kind', 'name', 'exchange', 'list_status');
    expect(rows).to.deep.equal([
      { ts_code: '113050.SH', kind: 'convertible', name: '南银转债', exchange: 'SSE', list_status: 'L' },
      { ts_code: '159919.SZ', kind: 'etf', name: '沪深300ETF嘉实', exchange: 'SZSE', list_status: 'L' },
      { ts_code: '510300.SH', kind: 'etf', name: '沪深300ETF', exchange: 'SSE', list_status: 'L' },
      { ts_code: '601009.SH', kind: 'stock', name: '南京银行', exchange: 'SSE', list_status: 'L' },
    ]);
    expect(await api.db('funds').orderBy('ts_code').pluck('ts_code')).to.deep.equal([
      '159919.SZ',
      '159999.SZ',
      '510300.SH',
    ]);
    expect(
      await api.db('convertibles').first('stk_code', 'conv_price', 'issue_size', 'conv_start_date'),
    ).to.deep.include({
      stk_code: '601009.SH',
      conv_price: 8.9,
      issue_size: 20000000000,
    });
  });

  it('the list by kind, and search by pinyin initials, name and code finds them', async () => {
    const list = await api.get('/v1/stock/list?kind=etf');
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    expect(
      list.body.data.map((row: { symbol: string; kind: string; board: null }) => [row.symbol, row.kind, row.board]),
    ).to.deep.equal([
      ['159919.SZ', 'etf', null],
      ['510300.SH', 'etf', null],
    ]);
    const bonds = await api.get('/v1/stock/list?kind=convertible');
    expect(bonds.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['113050.SH']);
    for (const keyword of ['nyzz', '南银', '11305'])
      expect(
        (await api.get(`/v1/stock/search?keyword=${encodeURIComponent(keyword)}`)).body.data,
        keyword,
      ).to.deep.equal([
        {
          symbol: '113050',
          name: '南银转债',
          exchange: 'SSE',
          standard_symbol: '113050.SH',
          industry: null,
          industry_classification: null,
        },
      ]);
  });

  it('an ETF forward-adjusts across its split at the tick of a fund (0.001 yuan), change and pct_change from the shown prices', async () => {
    const { status, body } = await api.get('/v1/market/daily?symbol=159919&begin_date=2024-06-05&end_date=2024-06-13');
    expect(status, JSON.stringify(body)).to.equal(200);
    // Before the split (factor 1, anchor 2) each price × 0.5; the first pre_close is the source's 3.600 × 0.5.
    const bar = (
      date: string,
      open: number,
      high: number,
      low: number,
      close: number,
      pre_close: number,
      change: number,
      pct_change: number,
      volume: number,
      amount: number,
    ) => ({
      date,
      open,
      high,
      low,
      close,
      pre_close,
      change,
      pct_change,
      volume,
      amount,
      turnover: null,
    });
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      data: {
        symbol: '159919.SZ',
        name: '沪深300ETF嘉实',
        adj_anchor_date: '2024-06-13',
        daily: [
          bar('2024-06-13', 1.813, 1.825, 1.809, 1.82, 1.812, 0.008, 0.4415, 180000, 32760000),
          bar('2024-06-12', 1.806, 1.818, 1.801, 1.812, 1.805, 0.007, 0.3878, 200000, 36200000),
          bar('2024-06-11', 1.8, 1.809, 1.797, 1.805, 1.799, 0.006, 0.3335, 80000, 28880000),
          bar('2024-06-07', 1.818, 1.822, 1.795, 1.799, 1.82, -0.021, -1.1538, 90000, 32480000),
          bar('2024-06-06', 1.81, 1.824, 1.807, 1.82, 1.811, 0.009, 0.497, 120000, 43560000),
          bar('2024-06-05', 1.803, 1.815, 1.799, 1.811, 1.8, 0.011, 0.6111, 100000, 36150000),
        ],
      },
    });
    const raw = await api.get(
      '/v1/market/daily?symbol=159919.SZ&begin_date=2024-06-11&end_date=2024-06-12&adjusted=false&fields=date,close,pre_close,adj_factor',
    );
    expect(raw.body.data.daily).to.deep.equal([
      { date: '2024-06-12', close: 1.812, pre_close: 1.805, adj_factor: 2 },
      { date: '2024-06-11', close: 3.61, pre_close: 3.598, adj_factor: 1 },
    ]);
  });

  it('a convertible answers its quoted prices per 100 yuan of face value, unadjusted, its amount from ten thousand yuan to yuan', async () => {
    const { status, body } = await api.get('/v1/market/daily?symbol=113050&begin_date=2024-06-05&end_date=2024-06-06');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body.data).to.deep.equal({
      symbol: '113050.SH',
      name: '南银转债',
      adj_anchor_date: null,
      daily: [
        {
          date: '2024-06-06',
          open: 121,
          high: 121.5,
          low: 120.8,
          close: 121.25,
          pre_close: 121.004,
          change: 0.246,
          pct_change: 0.2033,
          volume: 10000,
          amount: 12110500,
          turnover: null,
        },
        {
          date: '2024-06-05',
          open: 120.6,
          high: 121.3,
          low: 120.1,
          close: 121.004,
          pre_close: 120.512,
          change: 0.492,
          pct_change: 0.4083,
          volume: 12345,
          amount: 14950123.4,
          turnover: null,
        },
      ],
    });
  });

  it('/dataapi answers fund_basic, fund_daily, fund_adj, cb_basic and cb_daily in Tushare’s layouts and units', async () => {
    const query = async (api_name: string, params: Record<string, string>, fields = '') =>
      (await dataapi(api.server.baseUrl, api.key, api_name, params, fields)).data;
    expect(await query('fund_daily', { ts_code: '159919.SZ', trade_date: '20240612' })).to.deep.equal({
      fields: [
        'ts_code',
        'trade_date',
        'open',
        'high',
        'low',
        'close',
        'pre_close',
        'change',
        'pct_chg',
        'vol',
        'amount',
      ],
      items: [['159919.SZ', '20240612', 1.806, 1.818, 1.801, 1.812, 1.805, 0.007, 0.3878, 200000, 36200]],
      has_more: false,
    });
    expect(
      (await query('fund_adj', { ts_code: '159919.SZ', start_date: '20240611', end_date: '20240612' })).items,
    ).to.deep.equal([
      ['159919.SZ', '20240612', 2],
      ['159919.SZ', '20240611', 1],
    ]);
    // A fund's factor is no stock's: adj_factor and daily of the day leave the ETF out.
    expect((await query('adj_factor', { trade_date: '20240612' })).items).to.deep.equal([]);
    expect((await query('daily', { trade_date: '20240612' })).items).to.deep.equal([]);
    expect((await query('cb_daily', { trade_date: '20240605' })).items).to.deep.equal([
      ['113050.SH', '20240605', 120.512, 120.6, 121.3, 120.1, 121.004, 0.492, 0.4083, 12345, 1495.01234],
    ]);
    expect((await query('fund_basic', { status: 'I' }, 'ts_code,name,status,issue_date,m_fee')).items).to.deep.equal([
      ['159999.SZ', '示例发行中ETF', 'I', '20240601', 0.5],
    ]);
    expect(
      (await query('cb_basic', {}, 'ts_code,bond_short_name,stk_code,issue_size,conv_price,list_date')).items,
    ).to.deep.equal([['113050.SH', '南银转债', '601009.SH', 20000000000, 8.9, '20210707']]);
  });

  it('the convertible market of a day: conversion value and premium at the conversion price in force that day', async () => {
    // 113050.SH converts at 9.26 until 2024-06-05 and at 8.90 from 2024-06-06 (cb_price_chg); 601009.SH closes
    // at 10.25, then 10.32: 10.25 × 100 / 9.26 = 110.6911, 121.004 / 110.6911 − 1 = 9.3168 %;
    // 10.32 × 100 / 8.90 = 115.9551, 121.25 / 115.9551 − 1 = 4.5663 %.
    const day = (
      date: string,
      close: number,
      pct_change: number,
      volume: number,
      amount: number,
      underlying_close: number,
      conversion_price: number,
      conversion_value: number,
      conversion_premium: number,
    ) => ({
      code: 200,
      message: 'success',
      data: {
        date,
        securities: [
          {
            symbol: '113050.SH',
            name: '南银转债',
            underlying: '601009.SH',
            underlying_name: '南京银行',
            close,
            pct_change,
            volume,
            amount,
            underlying_close,
            conversion_price,
            conversion_value,
            conversion_premium,
            remain_size: 19500000000,
            maturity_date: '2027-06-14',
          },
        ],
      },
    });
    const before = await api.get('/v1/convertible/cross-section?date=2024-06-05');
    expect(before.status, JSON.stringify(before.body)).to.equal(200);
    expect(before.body).to.deep.equal(
      day('2024-06-05', 121.004, 0.4083, 12345, 14950123.4, 10.25, 9.26, 110.6911, 9.3168),
    );
    const after = await api.get('/v1/convertible/cross-section?date=2024-06-06');
    expect(after.body).to.deep.equal(day('2024-06-06', 121.25, 0.2033, 10000, 12110500, 10.32, 8.9, 115.9551, 4.5663));
  });

  it('the ETF market of a day: the NAV of that day, the premium over it and the units outstanding', async () => {
    // 159919.SZ closes at 3.640 on 2024-06-06 against a NAV of 3.6381: 3.640 / 3.6381 − 1 = 0.0522 %.
    const { status, body } = await api.get('/v1/fund/cross-section?date=2024-06-06');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      data: {
        date: '2024-06-06',
        securities: [
          {
            symbol: '159919.SZ',
            name: '沪深300ETF嘉实',
            close: 3.64,
            pct_change: 0.497,
            volume: 120000,
            amount: 43560000,
            nav: 3.6381,
            nav_ann_date: '2024-06-06',
            nav_premium: 0.0522,
            fd_share: 1234567890,
          },
        ],
      },
    });
    // A day without its NAV yet: the premium is null, not a guess.
    const earlier = await api.get('/v1/fund/cross-section?date=2024-06-05');
    expect(earlier.body.data.securities[0]).to.include({
      symbol: '159919.SZ',
      nav: null,
      nav_premium: null,
      fd_share: null,
    });
  });

  it('a convertible’s terms point in time: the price in force counts from its effective date, calls as announced', async () => {
    const change = (effective_date: string, publish_date: string, before: number, after: number) => ({
      effective_date,
      publish_date,
      before,
      after,
    });
    const call = (ann_date: string, state: string) => ({
      ann_date,
      call_type: '强赎',
      state,
      call_date: null,
      call_price: null,
      call_price_tax: null,
      call_vol: null,
      call_amount: null,
      payment_date: null,
      call_reg_date: null,
    });
    const terms = {
      symbol: '113050.SH',
      name: '南银转债',
      underlying: '601009.SH',
      underlying_name: '南京银行',
      list_date: '2021-07-07',
      delist_date: null,
      maturity_date: '2027-06-14',
      maturity: 6,
      par: 100,
      issue_size: 20000000000,
      remain_size: 19500000000,
      coupon_rate: 0.2,
      conv_start_date: '2021-12-21',
      conv_end_date: '2027-06-14',
      conv_stop_date: null,
      first_conversion_price: 10.1,
      call_clause: null,
      put_clause: null,
      reset_clause: null,
    };
    const later = await api.get('/v1/convertible/terms?symbol=113050&as_of=2024-06-12');
    expect(later.status, JSON.stringify(later.body)).to.equal(200);
    expect(later.body).to.deep.equal({
      code: 200,
      message: 'success',
      data: {
        ...terms,
        conversion_price: 8.9,
        conversion_price_changes: [
          change('2024-06-06', '2024-06-03', 9.26, 8.9),
          change('2023-06-16', '2023-06-13', 9.65, 9.26),
        ],
        call_state: '公告不强赎',
        calls: [call('2024-06-12', '公告不强赎'), call('2024-06-11', '已满足强赎条件')],
      },
    });
    // On 2024-06-04 the reset to 8.90 is announced but not yet in force; no call announced yet.
    const earlier = await api.get('/v1/convertible/terms?symbol=113050.SH&as_of=2024-06-04');
    expect(earlier.body.data).to.deep.include({ conversion_price: 9.26, call_state: null, calls: [] });
    expect(earlier.body.data.conversion_price_changes).to.have.length(2);
    // On 2023-06-14 the store's first change (9.65 → 9.26) is announced, not in force: the price it replaces, 9.65,
    // is the one in force (an earlier reset took it from the first 10.10), not the first conversion price.
    const first = await api.get('/v1/convertible/terms?symbol=113050.SH&as_of=2023-06-14');
    expect(first.body.data).to.deep.include({
      conversion_price: 9.65,
      conversion_price_changes: [change('2023-06-16', '2023-06-13', 9.65, 9.26)],
    });
    const stock = await api.get('/v1/convertible/terms?symbol=601009');
    expect(stock.body).to.deep.equal({
      code: 400,
      message: 'Not a convertible bond in the store: 601009.SH',
      error: 'invalid_symbol',
    });
  });

  it('the market cross-section of ETFs: their bars, without the stock valuation they have none of', async () => {
    const { status, body } = await api.get('/v1/market/cross-section?kind=etf&date=2024-06-12');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      data: {
        date: '2024-06-12',
        securities: [
          {
            symbol: '159919.SZ',
            name: '沪深300ETF嘉实',
            exchange: 'SZSE',
            board: null,
            open: 1.806,
            high: 1.818,
            low: 1.801,
            close: 1.812,
            pre_close: 1.805,
            change: 0.007,
            pct_change: 0.3878,
            volume: 200000,
            amount: 36200000,
            turnover: null,
            adj_factor: 2,
          },
        ],
      },
    });
    const valuation = await api.get('/v1/market/cross-section?kind=convertible&date=2024-06-06&fields=close,pe');
    expect([valuation.status, valuation.body.error]).to.deep.equal([400, 'invalid_field']);
  });
});
