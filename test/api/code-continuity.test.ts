import { expect } from 'chai';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { useKeyedServer } from '../support/server';
import { insertStatements } from '../support/financials';
import { insertChunked, loadCalendar } from '../support/marketData';
import { loadReferenceFixtures } from '../support/referenceData';

/**
 * Made-up bars, unadjusted, with factor 2: two of 000022.SZ before the change, one of them (2018-12-25) also
 * copied onto 001872.SZ by upstream (with another amount, to tell the two apart), and two of 001872.SZ in 2019.
 */
const BARS = [
  {
    ts_code: '000022.SZ',
    trade_date: '2018-12-24',
    open: 5.4,
    high: 5.5,
    low: 5.3,
    close: 5.5,
    pre_close: 5.4,
    change: 0.1,
    pct_chg: 1.8519,
    vol: 9000,
    amount: 4950000,
    turnover: null,
    published_at: '2018-12-24 08:00:00',
  },
  {
    ts_code: '000022.SZ',
    trade_date: '2018-12-25',
    open: 5.5,
    high: 5.6,
    low: 5.5,
    close: 5.6,
    pre_close: 5.5,
    change: 0.1,
    pct_chg: 1.8182,
    vol: 8000,
    amount: 4480000,
    turnover: null,
    published_at: '2018-12-25 08:00:00',
  },
  {
    ts_code: '001872.SZ',
    trade_date: '2018-12-25',
    open: 5.5,
    high: 5.6,
    low: 5.5,
    close: 5.6,
    pre_close: 5.5,
    change: 0.1,
    pct_chg: 1.8182,
    vol: 8000,
    amount: 4480001,
    turnover: null,
    published_at: '2018-12-25 08:00:00',
  },
  {
    ts_code: '001872.SZ',
    trade_date: '2019-01-02',
    open: 17.1,
    high: 17.3,
    low: 16.9,
    close: 17.0,
    pre_close: 17.2,
    change: -0.2,
    pct_chg: -1.1628,
    vol: 10000,
    amount: 17000000,
    turnover: null,
    published_at: '2019-01-02 08:00:00',
  },
  {
    ts_code: '001872.SZ',
    trade_date: '2019-01-03',
    open: 17.0,
    high: 17.5,
    low: 17.0,
    close: 17.4,
    pre_close: 17.0,
    change: 0.4,
    pct_chg: 2.3529,
    vol: 12000,
    amount: 20880000,
    turnover: null,
    published_at: '2019-01-03 08:00:00',
  },
];

describe('old codes on every symbol-taking route', () => {
  // A store of its own: the demo's reference data, the fixtures' code changes and the bars above.
  const api = useKeyedServer(async (db) => {
    await loadReferenceDataIfEmpty(db);
    await loadReferenceFixtures(db);
    await loadCalendar(db, '2018-12-01', '2019-02-28');
    await insertChunked(db, 'daily_bars', BARS, ['ts_code', 'trade_date']);
    await insertStatements(db, 'income_statements', [
      {
        ts_code: '001872.SZ',
        end_date: '2018-12-31',
        f_ann_date: '2019-03-30',
        revenue: 9703256000,
        n_income_attr_p: 3343203000,
      },
    ]);
    await insertChunked(
      db,
      'adj_factors',
      BARS.map(({ ts_code, trade_date }) => ({ ts_code, trade_date, adj_factor: 2 })),
      ['ts_code', 'trade_date'],
    );
  });

  it('daily: 000022 answers with the bars of 001872.SZ, naming the requested code', async () => {
    const { status, body } = await api.get(
      '/v1/market/daily?symbol=000022&begin_date=2019-01-01&end_date=2019-01-31&adjusted=false',
    );
    expect(status).to.equal(200);
    expect(body.data).to.deep.equal({
      symbol: '001872.SZ',
      requested_symbol: '000022.SZ',
      name: '招商港口',
      adj_anchor_date: null,
      daily: [
        {
          date: '2019-01-03',
          open: 17,
          high: 17.5,
          low: 17,
          close: 17.4,
          pre_close: 17,
          change: 0.4,
          pct_change: 2.3529,
          volume: 12000,
          amount: 20880000,
          turnover: null,
          adj_factor: 2,
        },
        {
          date: '2019-01-02',
          open: 17.1,
          high: 17.3,
          low: 16.9,
          close: 17,
          pre_close: 17.2,
          change: -0.2,
          pct_change: -1.1628,
          volume: 10000,
          amount: 17000000,
          turnover: null,
          adj_factor: 2,
        },
      ],
    });
  });

  it('a history across the change is continuous: the old code before the change day, the copied day once', async () => {
    const bar = (date: string, close: number, preClose: number, amount: number, volume: number) => ({
      date,
      close,
      pre_close: preClose,
      amount,
      volume,
    });
    const expected = [
      bar('2019-01-03', 17.4, 17, 20880000, 12000),
      bar('2019-01-02', 17, 17.2, 17000000, 10000),
      bar('2018-12-25', 5.6, 5.5, 4480001, 8000),
      bar('2018-12-24', 5.5, 5.4, 4950000, 9000),
    ];
    const fields = 'date,close,pre_close,amount,volume';
    for (const symbol of ['000022.SZ', '001872.SZ']) {
      const { body } = await api.get(
        `/v1/market/daily?symbol=${symbol}&begin_date=2018-12-20&end_date=2019-01-31&adjusted=false&fields=${fields}`,
      );
      expect(body.data.daily, symbol).to.deep.equal(expected);
    }
    // Adjusted (factor 2 throughout): each pre_close is the close of the row below, across the code change.
    const adjusted = await api.get(
      `/v1/market/daily?symbol=001872&begin_date=2018-12-20&end_date=2019-01-31&fields=${fields}`,
    );
    expect(adjusted.body.data.daily.map((row: { pre_close: number }) => row.pre_close)).to.deep.equal([
      17, 5.6, 5.5, 5.4,
    ]);
    const klines = await api.get('/v1/market/klines?symbol=001872&end_date=2019-01-31&adjusted=false&limit=3');
    expect(
      klines.body.data.klines.map((row: { time: string; amount: number }) => [row.time, row.amount]),
    ).to.deep.equal([
      ['2019-01-03', 20880000],
      ['2019-01-02', 17000000],
      ['2018-12-25', 4480001],
    ]);
  });

  it('daily with the old and the new code side by side: both answer, each named', async () => {
    const { body } = await api.get(
      '/v1/market/daily?symbol=000022,001872&begin_date=2019-01-03&end_date=2019-01-03&fields=date,close',
    );
    expect(body.data).to.deep.equal([
      {
        symbol: '001872.SZ',
        requested_symbol: '000022.SZ',
        name: '招商港口',
        adj_anchor_date: '2019-01-03',
        daily: [{ date: '2019-01-03', close: 17.4 }],
      },
      {
        symbol: '001872.SZ',
        name: '招商港口',
        adj_anchor_date: '2019-01-03',
        daily: [{ date: '2019-01-03', close: 17.4 }],
      },
    ]);
  });

  it('klines, adjustment factors and legacy prices follow the old code too', async () => {
    const klines = await api.get(
      '/v1/market/klines?symbol=sz.000022&begin_date=2019-01-01&end_date=2019-01-31&adjusted=false',
    );
    expect(klines.body.data).to.include({ symbol: '001872.SZ', requested_symbol: '000022.SZ', interval: 'daily' });
    const factors = await api.get('/v1/market/adjustment-factor?symbol=000022.SZ');
    expect(factors.body.data).to.deep.equal({
      symbol: '001872.SZ',
      requested_symbol: '000022.SZ',
      name: '招商港口',
      adj_anchor_date: '2019-01-03',
      anchor_factor: 2,
      factors: [
        { date: '2019-01-03', adj_factor: 2 },
        { date: '2019-01-02', adj_factor: 2 },
        { date: '2018-12-25', adj_factor: 2 },
      ],
    });
    const prices = await api.get('/api/v1/stocks/prices?symbol=000022&start_date=2019-01-02&end_date=2019-01-02');
    expect(prices.body.data).to.include({ symbol: '001872.SZ', requested_symbol: '000022.SZ' });
  });

  it('financial statements and report dates follow the old code', async () => {
    const income = await api.get(
      '/v1/financials/income-statement?symbol=000022&begin_date=2018-01-01&end_date=2019-12-31&fields=report_date,revenue,net_profit_parent',
    );
    expect(income.status).to.equal(200);
    expect(income.body.data).to.deep.equal({
      symbol: '001872.SZ',
      requested_symbol: '000022.SZ',
      name: '招商港口',
      income_statements: [{ report_date: '2018-12-31', revenue: 9703256000, net_profit_parent: 3343203000 }],
    });
    const dates = await api.get('/v1/financials/report-dates?symbol=000022&begin_date=2018-01-01&end_date=2019-12-31');
    expect(
      dates.body.data.map((item: { symbol: string; report_date: string }) => [item.symbol, item.report_date]),
    ).to.deep.equal([['001872.SZ', '2018-12-31']]);
  });
});
