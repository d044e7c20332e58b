import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';

describe('GET /v1/market/klines', () => {
  const api = useSharedFixture();

  const klines = async (query: string) => {
    const { status, body } = await api.get<'getKlines'>(`/v1/market/klines?${query}`);
    expect(status, JSON.stringify(body)).to.equal(200);
    return body.data;
  };

  it('daily is the default interval and equals the daily endpoint', async () => {
    const data = await klines('symbol=000001&begin_date=2024-06-13&end_date=2024-06-14');
    expect(data).to.include({ symbol: '000001.SZ', interval: 'daily', adj_anchor_date: '2024-12-31' });
    expect(data.klines[0]).to.deep.equal({
      time: '2024-06-14',
      open: 9.93,
      high: 10.01,
      low: 9.78,
      close: 9.96,
      pre_close: 9.86,
      change: 0.1,
      pct_change: 1.0142,
      volume: 1637990,
      amount: 1657433960,
    });
  });

  it('weekly on the Qingming week (open Mon-Wed) matches the hand aggregation', async () => {
    const data = await klines('symbol=000001&interval=weekly&begin_date=2024-04-01&end_date=2024-04-07&adjusted=false');
    expect(data.klines).to.deep.equal([
      {
        time: '2024-04-03',
        open: 10.52,
        high: 10.68,
        low: 10.42,
        close: 10.46,
        pre_close: 10.52,
        change: -0.06,
        pct_change: -0.5703,
        volume: 1191088 + 1085458 + 981846,
        amount: 3440120060,
      },
    ]);
  });

  it('the week still running on the latest trading day (Tue 2024-12-31) is not returned', async () => {
    const data = await klines('symbol=000001&interval=1w&limit=2');
    expect(data.klines.map((k: { time: string }) => k.time)).to.deep.equal(['2024-12-27', '2024-12-20']);
    const monthly = await klines('symbol=000001&interval=1M&limit=1');
    expect(monthly.klines[0]!.time).to.equal('2024-12-31'); // December closed on its last open day
  });

  it('aliases resolve to the canonical interval; begin_date widens to the period start', async () => {
    const quarterly = await klines('symbol=000858&interval=1q&begin_date=2024-05-15');
    expect(quarterly.interval).to.equal('quarterly');
    expect(quarterly.klines.map((k: { time: string }) => k.time)).to.deep.equal([
      '2024-12-31',
      '2024-09-30',
      '2024-06-28',
    ]);
    const yearly = await klines('symbol=000001.SH&interval=1y');
    expect(yearly).to.include({ interval: 'yearly', adj_anchor_date: null });
    expect(yearly.klines).to.have.length(1);
    expect(yearly.klines[0]).to.include({ time: '2024-12-31', close: 3351.76 });
  });

  it('forward-adjusted weekly prices are continuous across the ex-date week', async () => {
    const data = await klines('symbol=000001&interval=weekly&begin_date=2024-06-10&end_date=2024-06-21');
    const [after, exWeek] = data.klines;
    expect(exWeek!.time).to.equal('2024-06-14');
    expect(after!.pre_close).to.equal(exWeek!.close);
  });

  it('5-minute bars of the latest session: 48 per day, ending 09:35 … 11:30 and 13:05 … 15:00', async () => {
    const data = await klines('symbol=000001&interval=5m&adjusted=false');
    expect(data.interval).to.equal('5m');
    const times = data.klines.map((k: { time: string }) => k.time);
    expect(times).to.have.length(48);
    expect(times[0]).to.equal('2024-12-31 15:00:00');
    expect(times).to.include('2024-12-31 13:05:00');
    expect(times.at(-1)).to.equal('2024-12-31 09:35:00');
    expect(data.klines.at(-1)).to.deep.equal({
      time: '2024-12-31 09:35:00',
      open: 11.9,
      high: 11.96,
      low: 11.89,
      close: 11.95,
      volume: 500.1,
      amount: data.klines.at(-1)!.amount,
    });
  });

  it('60m = 1h: four bars per session; minute ranges may span days', async () => {
    const data = await klines('symbol=000001&interval=1h&begin_date=2024-12-30&end_date=2024-12-31&adjusted=false');
    expect(data.klines.map((k: { time: string }) => k.time)).to.deep.equal([
      '2024-12-31 15:00:00',
      '2024-12-31 14:00:00',
      '2024-12-31 11:30:00',
      '2024-12-31 10:30:00',
      '2024-12-30 15:00:00',
    ]);
  });

  it('errors: unknown interval, bad symbol, no data', async () => {
    const bad = await api.get<'getKlines'>('/v1/market/klines?symbol=000001&interval=2m');
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.equal('invalid_parameter');
    const symbol = await api.get<'getKlines'>('/v1/market/klines?symbol=00001');
    expect(symbol.body.error).to.equal('invalid_symbol');
    const unknown = await api.get<'getKlines'>('/v1/market/klines?symbol=609999');
    expect(unknown.body.error).to.equal('invalid_symbol');
    const none = await api.get<'getKlines'>('/v1/market/klines?symbol=000333&interval=1m');
    expect(none.status).to.equal(404);
    expect(none.body.error).to.equal('no_data');
    const date = await api.get<'getKlines'>('/v1/market/klines?symbol=000001&begin_date=2024-13-01');
    expect(date.body.error).to.equal('invalid_date_format');
    const order = await api.get<'getKlines'>(
      '/v1/market/klines?symbol=000001&begin_date=2024-12-31&end_date=2024-12-01',
    );
    expect(order.body.error).to.equal('invalid_parameter');
    expect((await api.get<'getKlines'>('/v1/market/klines?symbol=000001&begin_date=2025-06-01')).body.error).to.equal(
      'no_data',
    );
    expect(
      (await api.get<'getKlines'>('/v1/market/klines?symbol=000001&interval=5m&begin_date=2025-06-01')).body.error,
    ).to.equal('no_data');
  });
});
