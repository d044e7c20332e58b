import { expect } from 'chai';
import { flatBar, insertSecurities, loadCalendar } from '../support/marketData';
import { useKeyedServer } from '../support/server';

/** A B share of each exchange beside an A share, one day of bars (synthetic figures, real codes and names). */
describe('B shares: each says its currency, and the whole market stays in yuan', () => {
  const api = useKeyedServer(async (db) => {
    await insertSecurities(db, [
      { ts_code: '900901.SH', name: '云赛B股' },
      { ts_code: '200011.SZ', name: '深物业B' },
      { ts_code: '600519.SH', name: '贵州茅台' },
    ]);
    await loadCalendar(db, '2024-01-02', '2024-01-05');
    await db('daily_bars').insert([
      flatBar('900901.SH', '2024-01-03', 0.412),
      flatBar('200011.SZ', '2024-01-03', 6.32),
      flatBar('600519.SH', '2024-01-03', 1688),
    ]);
  }, 'enterprise');

  it('daily and klines name the currency of a B share, USD on the SSE and HKD on the SZSE, and none for yuan', async () => {
    const currencies = [];
    for (const symbol of ['900901', '200011', '600519']) {
      const daily = await api.get(`/v1/market/daily?symbol=${symbol}&begin_date=2024-01-03&end_date=2024-01-03`);
      const klines = await api.get(`/v1/market/klines?symbol=${symbol}&interval=daily&begin_date=2024-01-03`);
      currencies.push([daily.body.data.symbol, daily.body.data.currency, klines.body.data.currency]);
    }
    expect(currencies).to.deep.equal([
      ['900901.SH', 'USD', 'USD'],
      ['200011.SZ', 'HKD', 'HKD'],
      ['600519.SH', undefined, undefined],
    ]);
  });

  it('basic-info says every stock’s currency', async () => {
    const { body } = await api.get('/v1/stock/basic-info?symbol=900901,200011,600519&fields=symbol,currency');
    expect(body.data).to.deep.equal([
      { symbol: '900901.SH', currency: 'USD' },
      { symbol: '200011.SZ', currency: 'HKD' },
      { symbol: '600519.SH', currency: 'CNY' },
    ]);
  });

  it('the whole-market cross-section leaves B shares out unless their board is asked', async () => {
    const symbols = async (query: string) =>
      (await api.get(`/v1/market/cross-section?date=2024-01-03&fields=close${query}`)).body.data.securities.map(
        (row: { symbol: string; close: number }) => [row.symbol, row.close],
      );
    expect(await symbols('')).to.deep.equal([['600519.SH', 1688]]);
    expect(await symbols('&board=b_share')).to.deep.equal([
      ['200011.SZ', 6.32],
      ['900901.SH', 0.412],
    ]);
  });
});
