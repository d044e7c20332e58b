import { expect } from 'chai';
import type { Knex } from 'knex';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { insertSecurities, loadMarket2024 } from '../support/marketData';
import { useKeyedServer } from '../support/server';

/** A valuation row in the API's units (shares, yuan, percent); pe and pe_ttm as given. */
const valuation = (tsCode: string, pe: number | null, totalShare: number) => ({
  ts_code: tsCode,
  trade_date: '2024-06-14',
  close: null,
  turnover_rate: 0.52,
  turnover_rate_f: 0.91,
  volume_ratio: 1.1,
  pe,
  pe_ttm: pe,
  pb: 0.55,
  ps: 1.6,
  ps_ttm: 1.5,
  dv_ratio: 7.2,
  dv_ttm: 7.3,
  total_share: totalShare,
  float_share: totalShare,
  free_share: totalShare / 2,
  total_mv: totalShare * 10,
  circ_mv: totalShare * 10,
});

/**
 * The 2024 bars of four stocks and the SSE Composite; 000651.SZ suspended on 2024-06-14; 000333.SZ renamed on
 * 2024-07-01; 000858.SZ without a bar on the latest day (2024-12-31) and 000333.SZ without that day's factor, so
 * neither is anchored on the latest day.
 */
async function seed(db: Knex): Promise<void> {
  await loadMarket2024(db);
  await insertSecurities(db, [
    { ts_code: '000001.SZ', name: '平安银行' },
    { ts_code: '000333.SZ', name: '美的集团' },
    { ts_code: '000651.SZ', name: '格力电器' },
    { ts_code: '000858.SZ', name: '五粮液' },
    { ts_code: '000001.SH', name: '上证指数', kind: 'index' },
  ]);
  await db('securities').where({ ts_code: '000333.SZ' }).update({ industry: '家用电器' });
  await db('name_changes').insert([
    { ts_code: '000333.SZ', start_date: '2013-09-18', name: '美的旧名' },
    { ts_code: '000333.SZ', start_date: '2024-07-01', name: '美的集团' },
  ]);
  await db('daily_bars').where({ ts_code: '000651.SZ', trade_date: '2024-06-14' }).delete();
  await db('daily_bars').where({ ts_code: '000858.SZ', trade_date: '2024-12-31' }).delete();
  await db('adj_factors').where({ ts_code: '000333.SZ', trade_date: '2024-12-31' }).delete();
  await db('daily_basic').insert([
    valuation('000001.SZ', 4.5, 19405918198),
    valuation('000651.SZ', 8, 5631405741),
    { ...valuation('000001.SZ', 4.4, 19405918198), trade_date: '2024-06-13' },
  ]);
  await bumpDataVersion(db, 'market');
}

describe('GET /v1/market/cross-section and /v1/market/valuation', () => {
  const store = useKeyedServer(seed);
  const get = (path: string) => store.get(path);

  it("one day's bars and valuations by code, unadjusted with factors, names of that day; the suspended stock absent", async () => {
    const { status, body } = await get('/v1/market/cross-section?date=2024-06-14');
    expect(status).to.equal(200);
    expect(body.data.date).to.equal('2024-06-14');
    expect(body.data.securities.map((row: { symbol: string; name: string }) => [row.symbol, row.name])).to.deep.equal([
      ['000001.SZ', '平安银行'],
      ['000333.SZ', '美的旧名'],
      ['000858.SZ', '五粮液'],
    ]);
    // daily.csv: 10.15 10.23 9.99 10.18 pre 10.08, 1637990.47 lots, 1657433.96 thousand yuan; adj_factor.csv 125.0496
    expect(body.data.securities[0]).to.deep.equal({
      symbol: '000001.SZ',
      name: '平安银行',
      exchange: 'SZSE',
      board: 'main',
      open: 10.15,
      high: 10.23,
      low: 9.99,
      close: 10.18,
      pre_close: 10.08,
      change: 0.1,
      pct_change: 0.9921,
      volume: 1637990,
      amount: 1657433960,
      turnover: null,
      adj_factor: 125.0496,
      pe: 4.5,
      pe_ttm: 4.5,
      pb: 0.55,
      ps: 1.6,
      ps_ttm: 1.5,
      dv_ratio: 7.2,
      dv_ttm: 7.3,
      total_share: 19405918198,
      float_share: 19405918198,
      free_share: 9702959099,
      total_mv: 194059181980,
      circ_mv: 194059181980,
      turnover_rate: 0.52,
      turnover_rate_f: 0.91,
      volume_ratio: 1.1,
    });
    expect(body.data.securities[2]).to.include({ symbol: '000858.SZ', pe: null, total_mv: null });
  });

  it('adjusted=true: each security forward-adjusted to its own anchor, equal to that day of /v1/market/daily', async () => {
    const { body } = await get(
      '/v1/market/cross-section?date=2024-06-14&adjusted=true&fields=close,pre_close,change,pct_change,adj_anchor_date',
    );
    // ex-date 2024-06-14: 10.18 × 125.0496/127.7841 = 9.96; pre_close 10.8 × 116.713/127.7841 = 9.86 (the adjusted close of 06-13)
    expect(body.data.securities[0]).to.deep.equal({
      symbol: '000001.SZ',
      close: 9.96,
      pre_close: 9.86,
      change: 0.1,
      pct_change: 1.0142,
      adj_anchor_date: '2024-12-31',
    });
    expect(body.data.securities.map((row: { adj_anchor_date: string }) => row.adj_anchor_date)).to.deep.equal([
      '2024-12-31',
      '2024-12-31',
      '2024-12-30',
    ]);
    for (const row of body.data.securities) {
      const daily = await get(
        `/v1/market/daily?symbol=${row.symbol}&begin_date=2024-06-14&end_date=2024-06-14&fields=close,pre_close,change,pct_change`,
      );
      const { close, pre_close, change, pct_change } = daily.body.data.daily[0];
      expect({
        symbol: row.symbol,
        close,
        pre_close,
        change,
        pct_change,
        adj_anchor_date: daily.body.data.adj_anchor_date,
      }).to.deep.equal(row);
    }
  });

  it('filters: kind, exchange, board, industry; fields; the default day is the latest', async () => {
    const symbols = async (query: string) =>
      (await get(`/v1/market/cross-section?${query}`)).body.data?.securities.map(
        (row: { symbol: string }) => row.symbol,
      );
    expect(await symbols('date=2024-06-14&kind=index')).to.deep.equal(['000001.SH']);
    expect(await symbols('date=2024-06-14&industry=家用电器')).to.deep.equal(['000333.SZ']);
    expect(await symbols('date=2024-06-14&exchange=SZSE&board=main')).to.deep.equal([
      '000001.SZ',
      '000333.SZ',
      '000858.SZ',
    ]);
    expect((await get('/v1/market/cross-section?date=2024-06-14&exchange=SSE')).body.error).to.equal('no_data');
    const latest = await get('/v1/market/cross-section?fields=name');
    expect(latest.body.data).to.deep.equal({
      date: '2024-12-31',
      securities: [
        { symbol: '000001.SZ', name: '平安银行' },
        { symbol: '000333.SZ', name: '美的集团' },
        { symbol: '000651.SZ', name: '格力电器' },
      ],
    });
  });

  it('a closed day → 404 no_data naming the previous trading day; a bad field → 400', async () => {
    expect(await get('/v1/market/cross-section?date=2024-06-15')).to.deep.equal({
      status: 404,
      body: {
        code: 404,
        message: '2024-06-15 is not a trading day; the previous trading day is 2024-06-14',
        error: 'no_data',
      },
    });
    expect((await get('/v1/market/cross-section?date=2025-01-02')).body.error).to.equal('no_data');
    expect((await get('/v1/market/cross-section?fields=adj_anchor_date')).body.error).to.equal('invalid_field');
  });

  it('valuation: series newest first in request order, fields, the 3-year cap', async () => {
    const { status, body } = await get(
      '/v1/market/valuation?symbol=000001,000858,000651&begin_date=2024-06-01&end_date=2024-06-30&fields=date,pe,total_mv',
    );
    expect(status).to.equal(200);
    expect(body.data).to.deep.equal([
      {
        symbol: '000001.SZ',
        name: '平安银行',
        valuation: [
          { date: '2024-06-14', pe: 4.5, total_mv: 194059181980 },
          { date: '2024-06-13', pe: 4.4, total_mv: 194059181980 },
        ],
      },
      { symbol: '000858.SZ', name: '五粮液', valuation: [] },
      { symbol: '000651.SZ', name: '格力电器', valuation: [{ date: '2024-06-14', pe: 8, total_mv: 56314057410 }] },
    ]);
    expect(
      (await get('/v1/market/valuation?symbol=000001&begin_date=2020-01-01&end_date=2024-06-30')).body.error,
    ).to.equal('date_range_too_large');
    expect(
      (await get('/v1/market/valuation?symbol=000858&begin_date=2024-06-01&end_date=2024-06-30')).body.error,
    ).to.equal('no_data');
  });
});
