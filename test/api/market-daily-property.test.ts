import { expect } from 'chai';
import fc from 'fast-check';
import { sharedFixture, type Fixture } from '../support/fixture';
import { adjFactors2024, dailyBars2024 } from '../support/marketData';

const STOCKS = ['000001.SZ', '000333.SZ', '000651.SZ', '000858.SZ'];
const DAY_MS = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('GET /v1/market/daily — properties (fast-check)', () => {
  let api: Fixture;
  let openDays: Set<string>;
  const raw = new Map(dailyBars2024().map((bar) => [`${bar.ts_code} ${bar.trade_date}`, bar]));
  const factor = new Map(adjFactors2024().map((row) => [`${row.ts_code} ${row.trade_date}`, row.adj_factor]));

  before(async () => {
    api = await sharedFixture();
    const rows = await api.db('trade_calendar').where({ exchange: 'SSE', is_open: 1 }).select('cal_date');
    openDays = new Set(rows.map((row) => row.cal_date));
  });

  it('rows are newest first, inside the range, on open days; adjusted close = raw close × AF(t)/AF(anchor)', async () => {
    const start = Date.UTC(2024, 0, 1);
    const request = fc.record({
      symbols: fc.shuffledSubarray(STOCKS, { minLength: 1 }),
      from: fc.integer({ min: 0, max: 365 }),
      days: fc.integer({ min: 0, max: 120 }),
      adjusted: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ symbols, from, days, adjusted }) => {
        const begin = isoOf(start + from * DAY_MS);
        const end = isoOf(start + (from + days) * DAY_MS);
        const { status, body } = await api.get(
          `/v1/market/daily?symbol=${symbols.join(',')}&begin_date=${begin}&end_date=${end}&adjusted=${adjusted}&limit=1000`,
        );
        const expectedAny = [...openDays].some((day) => day >= begin && day <= end && day <= '2024-12-31');
        if (!expectedAny) {
          expect(status).to.equal(404);
          return;
        }
        expect(status).to.equal(200);
        const series = symbols.length === 1 ? [body.data] : body.data;
        expect(series.map((s: { symbol: string }) => s.symbol)).to.deep.equal(symbols);
        for (const one of series) {
          const dates: string[] = one.daily.map((bar: { date: string }) => bar.date);
          expect(dates).to.deep.equal([...dates].sort().reverse());
          expect(new Set(dates).size).to.equal(dates.length);
          for (const bar of one.daily) {
            expect(bar.date >= begin && bar.date <= end, bar.date).to.equal(true);
            expect(openDays.has(bar.date), bar.date).to.equal(true);
            const source = raw.get(`${one.symbol} ${bar.date}`)!;
            if (!adjusted) {
              expect(bar.close).to.equal(source.close);
              expect(bar.adj_factor).to.equal(factor.get(`${one.symbol} ${bar.date}`));
              continue;
            }
            const expected =
              (source.close! * factor.get(`${one.symbol} ${bar.date}`)!) / factor.get(`${one.symbol} 2024-12-31`)!;
            expect(Math.abs(bar.close - expected)).to.be.at.most(0.005 + 1e-9);
          }
          if (adjusted) {
            expect(one.adj_anchor_date).to.equal('2024-12-31');
            for (let i = 0; i + 1 < one.daily.length; i++)
              expect(one.daily[i].pre_close).to.equal(one.daily[i + 1].close);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('every adjusted demo bar is consistent as shown: change = close − pre_close, pct_change within 0.01 points (daily, klines, legacy prices)', async () => {
    let checked = 0;
    const expectConsistent = (
      bar: { close: number; pre_close: number; change: number; pct_change: number },
      where: string,
    ) => {
      expect(Math.abs(bar.change - (bar.close - bar.pre_close)), where).to.be.below(1e-9);
      expect(Math.abs(bar.pct_change - (bar.close / bar.pre_close - 1) * 100), where).to.be.at.most(0.01);
      checked++;
    };
    for (const symbol of STOCKS) {
      const daily = await api.get(
        `/v1/market/daily?symbol=${symbol}&begin_date=2024-01-01&end_date=2024-12-31&limit=1000`,
      );
      const klines = await api.get(
        `/v1/market/klines?symbol=${symbol}&begin_date=2024-01-01&end_date=2024-12-31&limit=1000`,
      );
      const legacy = await api.get(`/api/v1/stocks/prices?symbol=${symbol}&start_date=2024-01-01&end_date=2024-12-31`);
      expect(daily.body.data.daily).to.have.length(242);
      for (const bar of daily.body.data.daily) expectConsistent(bar, `daily ${symbol} ${bar.date}`);
      for (const bar of klines.body.data.klines) expectConsistent(bar, `klines ${symbol} ${bar.time}`);
      for (const bar of legacy.body.data.daily) expectConsistent(bar, `prices ${symbol} ${bar.date}`);
    }
    // 968 bars of 2024, each through daily, klines and the legacy prices route.
    expect(checked).to.equal(3 * 968);
  });
});
