import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';

describe('GET /v1/market/daily', () => {
  const api = useSharedFixture();

  it('defaults: up to the latest trading day, from 30 trading days before it, forward-adjusted', async () => {
    const { status, body } = await api.get('/v1/market/daily?symbol=000001');
    expect(status).to.equal(200);
    expect(body).to.include({ code: 200, message: 'success' });
    expect(body.data).to.include({ symbol: '000001.SZ', name: '平安银行', adj_anchor_date: '2024-12-31' });
    const dates = body.data.daily.map((bar: { date: string }) => bar.date);
    expect(dates).to.have.length(31); // the latest day and the 30 trading days before it
    expect(dates[0]).to.equal('2024-12-31');
    expect(dates[30]).to.equal('2024-11-19'); // 9 open days 19-29 Nov + 22 in December
    expect(Object.keys(body.data.daily[0])).to.deep.equal([
      'date',
      'open',
      'high',
      'low',
      'close',
      'pre_close',
      'change',
      'pct_change',
      'volume',
      'amount',
      'turnover',
    ]);
  });

  it('a first request for one symbol asks the store twice: the security with its anchor, then the bars from the open day before the window', async () => {
    await api.get('/v1/market/daily?symbol=000001&fields=date,close'); // the calendar and latest day, once per data version
    const asked: string[] = [];
    const record = (query: { sql: string }) => {
      if (/daily_bars|adj_factors|securities|trade_calendar/.test(query.sql)) asked.push(query.sql);
    };
    api.db.on('query', record);
    try {
      const { status, body } = await api.get('/v1/market/daily?symbol=000333&fields=date,close,volume');
      expect(status).to.equal(200);
      expect(body.data.daily).to.have.length(31);
    } finally {
      api.db.off('query', record);
    }
    const kind = (sql: string) =>
      /from [`"]securities[`"]/.test(sql)
        ? 'security'
        : /^select [`"]b[`"]\.[`"]ts_code[`"].* from [`"]daily_bars[`"]/.test(sql)
          ? 'bars'
          : sql;
    expect(asked.map(kind)).to.deep.equal(['security', 'bars']);
  });

  it('rows are newest first and forward prices cross the June 2024 ex-date continuously', async () => {
    const { body } = await api.get('/v1/market/daily?symbol=000001.SZ&begin_date=2024-06-13&end_date=2024-06-14');
    expect(body.data.daily).to.deep.equal([
      {
        date: '2024-06-14',
        open: 9.93,
        high: 10.01,
        low: 9.78,
        close: 9.96,
        pre_close: 9.86,
        change: 0.1,
        pct_change: 1.0142,
        volume: 1637990,
        amount: 1657433960,
        turnover: null,
      },
      {
        date: '2024-06-13',
        open: 9.95,
        high: 9.98,
        low: 9.86,
        close: 9.86,
        pre_close: 9.94,
        change: -0.08,
        pct_change: -0.8048,
        volume: 1203508,
        amount: 1304403410,
        turnover: null,
      },
    ]);
  });

  it('adjusted=false gives raw prices, each bar with its adj_factor, and no anchor', async () => {
    const { body } = await api.get(
      '/v1/market/daily?symbol=sz.000001&begin_date=2024-06-13&end_date=2024-06-14&adjusted=false',
    );
    expect(body.data.adj_anchor_date).to.equal(null);
    expect(body.data.daily[0]).to.include({ date: '2024-06-14', close: 10.18, pre_close: 10.08, adj_factor: 125.0496 });
    expect(body.data.daily[1]).to.include({ date: '2024-06-13', close: 10.8, adj_factor: 116.713 });
  });

  it('several symbols → an array in request order; an index is served too, without anchor', async () => {
    const { body } = await api.get(
      '/v1/market/daily?symbol=000858,000001.SH,000333.SZ&begin_date=2024-12-30&end_date=2024-12-31&fields=date,close',
    );
    expect(body.data.map((s: { symbol: string }) => s.symbol)).to.deep.equal(['000858.SZ', '000001.SH', '000333.SZ']);
    expect(body.data[1]).to.deep.equal({
      symbol: '000001.SH',
      name: '上证综合指数',
      adj_anchor_date: null,
      daily: [
        { date: '2024-12-31', close: 3351.76 },
        { date: '2024-12-30', close: 3407.33 },
      ],
    });
  });

  it('one symbol followed by a comma is answered with an array', async () => {
    const { body } = await api.get('/v1/market/daily?symbol=000001,&begin_date=2024-12-31');
    expect(body.error).to.equal('invalid_symbol'); // an empty element is not a symbol
    const twice = await api.get('/v1/market/daily?symbol=000001,000001.SZ&begin_date=2024-12-31');
    expect(twice.body.data).to.be.an('array').with.length(1);
  });

  it('fields selects and orders fields; adj_factor only exists unadjusted', async () => {
    const { body } = await api.get(
      '/v1/market/daily?symbol=000651&begin_date=2024-12-31&fields=volume,date,adj_factor&adjusted=false',
    );
    expect(body.data.daily).to.deep.equal([{ volume: 424767, date: '2024-12-31', adj_factor: 210.697 }]);
    const adjusted = await api.get('/v1/market/daily?symbol=000651&begin_date=2024-12-31&fields=date,adj_factor');
    expect(adjusted.status).to.equal(400);
    expect(adjusted.body).to.deep.equal({ code: 400, message: 'Unknown field: adj_factor', error: 'invalid_field' });
  });

  it('limit keeps the newest rows; the default is the trading days of the latest year', async () => {
    const { body } = await api.get('/v1/market/daily?symbol=000001&begin_date=2024-01-01&limit=3');
    expect(body.data.daily.map((bar: { date: string }) => bar.date)).to.deep.equal([
      '2024-12-31',
      '2024-12-30',
      '2024-12-27',
    ]);
    expect(body.data.daily[2].pre_close).to.equal(11.86); // still the adjusted close of the day before the oldest row
    const all = await api.get('/v1/market/daily?symbol=000001&begin_date=2022-01-04');
    // open days in (2023-12-31, 2024-12-31] on the calendar: 242, and 242 bars in 2024
    expect(all.body.data.daily).to.have.length(242);
  });

  it('a symbol without bars in the range gets an empty series; none with any → 404 no_data', async () => {
    const { status, body } = await api.get('/v1/market/daily?symbol=000001,600519&begin_date=2024-12-31');
    expect(status).to.equal(200);
    expect(body.data[1]).to.deep.equal({ symbol: '600519.SH', name: '贵州茅台', adj_anchor_date: null, daily: [] });
    const none = await api.get('/v1/market/daily?symbol=600519&begin_date=2024-12-01');
    expect(none.status).to.equal(404);
    expect(none.body).to.include({ code: 404, error: 'no_data' });
    const before = await api.get('/v1/market/daily?symbol=000001&begin_date=2023-01-01&end_date=2023-12-31');
    expect(before.body.error).to.equal('no_data');
    const after = await api.get('/v1/market/daily?symbol=000001&begin_date=2025-01-02');
    expect(after.status).to.equal(404); // the end defaults to the latest trading day, 2024-12-31
    expect(after.body.error).to.equal('no_data');
  });

  describe('errors', () => {
    const cases: Array<[string, number, string]> = [
      ['symbol=12345', 400, 'invalid_symbol'],
      ['symbol=000001,609999', 400, 'invalid_symbol'],
      ['symbol=000001&begin_date=2024-02-30', 400, 'invalid_date_format'],
      ['symbol=000001&end_date=20241231', 400, 'invalid_date_format'],
      ['symbol=000001&begin_date=2021-12-30&end_date=2024-12-31', 400, 'date_range_too_large'],
      ['symbol=000001&begin_date=2024-12-31&end_date=2024-12-01', 400, 'invalid_parameter'],
      ['symbol=000001&limit=0', 400, 'invalid_parameter'],
      ['symbol=000001&limit=1001', 400, 'invalid_parameter'],
      ['symbol=000001&adjusted=maybe', 400, 'invalid_parameter'],
      ['symbol=000001&fields=date,price', 400, 'invalid_field'],
      ['begin_date=2024-01-02', 400, 'missing_parameter'],
    ];
    for (const [query, status, code] of cases) {
      it(`${query} → ${status} ${code}`, async () => {
        const response = await api.get(`/v1/market/daily?${query}`);
        expect(response.status).to.equal(status);
        expect(response.body).to.include({ code: status, error: code });
      });
    }

    it("Shenwan's industry index, raw or standard, is named as one (801010.SI), never as a Beijing code", async () => {
      // 农林牧渔 (801010.SI) is not in this store; 食品饮料 (801120.SI) is, with its bars from sw_daily.
      for (const symbol of ['801010', '801010.SI', '801010.si']) {
        const { body } = await api.get(`/v1/market/daily?symbol=${symbol}`);
        expect(body, symbol).to.deep.equal({
          code: 400,
          message: 'Unknown symbol: 801010.SI',
          error: 'invalid_symbol',
        });
      }
      const { status, body } = await api.get('/v1/market/daily?symbol=801120&begin_date=2024-12-31');
      expect([status, body.data.symbol, body.data.name, body.data.daily[0].close]).to.deep.equal([
        200,
        '801120.SI',
        '食品饮料',
        18740.31,
      ]);
    });

    it('a date that is no real day is named with the rule it breaks', async () => {
      const { body } = await api.get('/v1/market/daily?symbol=000001&begin_date=2024-02-30');
      expect(body).to.deep.equal({
        code: 400,
        message: 'begin_date: must be a real date in the form YYYY-MM-DD',
        error: 'invalid_date_format',
      });
    });

    it('exactly three years is allowed', async () => {
      const { status } = await api.get('/v1/market/daily?symbol=000001&begin_date=2021-12-31&end_date=2024-12-31');
      expect(status).to.equal(200);
    });

    it('more than 50 symbols → 400 too_many_symbols', async () => {
      const symbols = Array.from({ length: 51 }, (_, i) => `6000${String(i).padStart(2, '0')}`).join(',');
      const { status, body } = await api.get(`/v1/market/daily?symbol=${symbols}`);
      expect(status).to.equal(400);
      expect(body.error).to.equal('too_many_symbols');
    });

    it('without a key → 401 invalid_key', async () => {
      const response = await fetch(`${api.baseUrl}/v1/market/daily?symbol=000001`);
      expect(response.status).to.equal(401);
      expect((await response.json()).error).to.equal('invalid_key');
    });
  });
});
