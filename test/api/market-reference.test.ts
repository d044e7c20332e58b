import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';

describe('trading calendar, adjustment factors and the legacy /api/v1 routes', () => {
  const api = useSharedFixture();

  describe('GET /v1/market/trading-calendar', () => {
    it('days of a range, oldest first, with is_open and the previous open day (National Day 2024)', async () => {
      const { status, body } = await api.get<'getTradingCalendar'>(
        '/v1/market/trading-calendar?begin_date=2024-09-30&end_date=2024-10-08',
      );
      expect(status).to.equal(200);
      expect(body.data).to.have.length(9);
      expect(body.data[0]).to.deep.equal({
        exchange: 'SSE',
        date: '2024-09-30',
        is_open: true,
        pretrade_date: '2024-09-27',
      });
      expect(body.data[1]).to.deep.equal({
        exchange: 'SSE',
        date: '2024-10-01',
        is_open: false,
        pretrade_date: '2024-09-30',
      });
      expect(body.data[8]).to.deep.equal({
        exchange: 'SSE',
        date: '2024-10-08',
        is_open: true,
        pretrade_date: '2024-09-30',
      });
    });

    it('is_open filters; every exchange shares the SSE calendar', async () => {
      const { body } = await api.get<'getTradingCalendar'>(
        '/v1/market/trading-calendar?exchange=SZSE&begin_date=2024-09-30&end_date=2024-10-08&is_open=true',
      );
      expect(body.data.map((d: { date: string }) => d.date)).to.deep.equal(['2024-09-30', '2024-10-08']);
      expect(body.data[0]!.exchange).to.equal('SZSE');
      const closed = await api.get<'getTradingCalendar'>(
        '/v1/market/trading-calendar?begin_date=2024-09-30&end_date=2024-10-08&is_open=false',
      );
      expect(closed.body.data).to.have.length(7);
    });

    it('one date given → its calendar year', async () => {
      const { body } = await api.get<'getTradingCalendar'>(
        '/v1/market/trading-calendar?begin_date=2024-01-01&is_open=true',
      );
      expect(body.data).to.have.length(242);
      expect(body.data.at(-1)!.date).to.equal('2024-12-31');
    });

    it('errors: unknown exchange, bad date, more than 3 years, nothing loaded', async () => {
      expect((await api.get<'getTradingCalendar'>('/v1/market/trading-calendar?exchange=HKEX')).body.error).to.equal(
        'invalid_parameter',
      );
      expect(
        (await api.get<'getTradingCalendar'>('/v1/market/trading-calendar?begin_date=2024-1-1')).body.error,
      ).to.equal('invalid_date_format');
      expect(
        (await api.get<'getTradingCalendar'>('/v1/market/trading-calendar?begin_date=2020-01-01&end_date=2024-01-01'))
          .body.error,
      ).to.equal('date_range_too_large');
      const none = await api.get<'getTradingCalendar'>('/v1/market/trading-calendar?begin_date=2031-01-01');
      expect(none.status).to.equal(404);
      expect(none.body.error).to.equal('no_data');
    });
  });

  describe('GET /v1/market/adjustment-factor', () => {
    it('factors newest first with the anchor used by forward prices', async () => {
      const { status, body } = await api.get<'getAdjustmentFactor'>(
        '/v1/market/adjustment-factor?symbol=000001&begin_date=2024-06-13&end_date=2024-06-14',
      );
      expect(status).to.equal(200);
      expect(body.data).to.deep.equal({
        symbol: '000001.SZ',
        name: '平安银行',
        adj_anchor_date: '2024-12-31',
        anchor_factor: 127.7841,
        factors: [
          { date: '2024-06-14', adj_factor: 125.0496 },
          { date: '2024-06-13', adj_factor: 116.713 },
        ],
      });
    });

    it('without dates: the whole history up to the anchor', async () => {
      const { body } = await api.get<'getAdjustmentFactor'>('/v1/market/adjustment-factor?symbol=000858.SZ');
      expect(body.data.factors).to.have.length(242);
      expect(body.data.factors[0]!.date).to.equal('2024-12-31');
    });

    it('an index has no factors → 404 no_data; bad symbol → 400', async () => {
      expect(
        (await api.get<'getAdjustmentFactor'>('/v1/market/adjustment-factor?symbol=000001.SH')).body.error,
      ).to.equal('no_data');
      expect(
        (
          await api.get<'getAdjustmentFactor'>(
            '/v1/market/adjustment-factor?symbol=000001&begin_date=2023-01-01&end_date=2023-12-31',
          )
        ).body.error,
      ).to.equal('no_data');
      expect(
        (await api.get<'getAdjustmentFactor'>('/v1/market/adjustment-factor?symbol=000001,000002')).body.error,
      ).to.equal('invalid_symbol');
      expect(
        (await api.get<'getAdjustmentFactor'>('/v1/market/adjustment-factor?symbol=000001&end_date=2024-06-31')).body
          .error,
      ).to.equal('invalid_date_format');
      expect(
        (
          await api.get<'getAdjustmentFactor'>(
            '/v1/market/adjustment-factor?symbol=000001&begin_date=2024-12-31&end_date=2024-06-01',
          )
        ).body.error,
      ).to.equal('invalid_parameter');
      expect(
        (await api.get<'getAdjustmentFactor'>('/v1/market/adjustment-factor?symbol=000001&begin_date=2025-01-02')).body
          .error,
      ).to.equal('no_data');
      expect(
        (
          await api.get<'getAdjustmentFactor'>(
            '/v1/market/adjustment-factor?symbol=000001&begin_date=2025-01-02&end_date=2025-02-01',
          )
        ).body.error,
      ).to.equal('no_data');
    });
  });

  describe('GET /api/v1/stocks/prices', () => {
    it('answers like /v1/market/daily for one symbol', async () => {
      const legacy = await api.get('/api/v1/stocks/prices?symbol=000001&start_date=2024-06-01&end_date=2024-06-30');
      const modern = await api.get('/v1/market/daily?symbol=000001&begin_date=2024-06-01&end_date=2024-06-30');
      expect(legacy.status).to.equal(200);
      expect(legacy.body).to.deep.equal(modern.body);
    });

    it('defaults and errors', async () => {
      expect((await api.get('/api/v1/stocks/prices?symbol=000001')).body.data.daily).to.have.length(31);
      expect((await api.get('/api/v1/stocks/prices?symbol=000001&start_date=2024-02-30')).body.error).to.equal(
        'invalid_date_format',
      );
      expect((await api.get('/api/v1/stocks/prices?symbol=000001&start_date=2020-01-01')).body.error).to.equal(
        'date_range_too_large',
      );
      expect((await api.get('/api/v1/stocks/prices?symbol=1')).body.error).to.equal('invalid_symbol');
      expect((await api.get('/api/v1/stocks/prices')).body.error).to.equal('missing_parameter');
      const none = await api.get('/api/v1/stocks/prices?symbol=600519');
      expect(none.status).to.equal(404);
      expect(none.body.error).to.equal('no_data');
    });
  });

  describe('GET /api/v1/indices', () => {
    it('daily bars of an index by default; weekly and monthly like klines', async () => {
      const daily = await api.get('/api/v1/indices?index=000001.SH');
      expect(daily.status).to.equal(200);
      expect(daily.body.data).to.include({ symbol: '000001.SH', interval: 'daily' });
      expect(daily.body.data.klines[0]).to.include({ time: '2024-12-31', close: 3351.76 });
      const monthly = await api.get('/api/v1/indices?index=sh.000001&period=monthly');
      const klines = await api.get('/v1/market/klines?symbol=000001.SH&interval=monthly');
      expect(monthly.body.data).to.deep.equal(klines.body.data);
      expect(monthly.body.data.klines[1]).to.include({ time: '2024-11-29', pre_close: 3279.82 });
    });

    it('a stock is not an index; unknown period → 400', async () => {
      const stock = await api.get('/api/v1/indices?index=000001');
      expect(stock.body).to.deep.equal({ code: 400, message: 'Not an index: 000001.SZ', error: 'invalid_symbol' });
      expect((await api.get('/api/v1/indices?index=000001.SH&period=yearly')).body.error).to.equal('invalid_period');
      expect((await api.get('/api/v1/indices')).body.error).to.equal('missing_parameter');
    });
  });
});
