import { expect } from 'chai';
import { barFindings, type AuditBar, type AuditSeries } from '../../src/domain/quality/barChecks';
import { CHECK_NAMES } from '../../src/domain/quality/findings';
import { auditSeriesOf } from '../support/auditSeries';
import {
  dailyLimit,
  isDelistingName,
  isGrowthBoardFund,
  isReitCode,
  isRiskWarningName,
  isUnreformedName,
  limitPrices,
  limitRatio,
} from '../../src/domain/quality/priceLimits';

const context = { board: null, st: false, session: 30, growthFund: false } as const;

describe('price limits of main-board stocks under risk warning', () => {
  const st = { ...context, kind: 'stock', board: 'main', st: true } as const;
  it('±5 % until the revised Trading Rules of 2026-07-06, ±10 % from then (the draft of 2025-06-27 named 2025-07-07)', () => {
    expect(
      ['2025-07-07', '2025-12-01', '2026-07-03', '2026-07-06', '2026-11-27'].map(
        (date) => dailyLimit({ ...st, date })?.up,
      ),
    ).to.deep.equal([0.05, 0.05, 0.05, 0.1, 0.1]);
    expect(dailyLimit({ ...st, st: false, date: '2025-12-01' })?.up).to.equal(0.1);
  });
});

describe('price limits: first days, delisting, REITs and the names that mark them', () => {
  it('a main-board listing of 2023-04-04, before the registration system (2023-04-10): limited from its second session, also after that date', () => {
    const listed = { board: 'main', st: false, listDate: '2023-04-04' } as const;
    expect([
      limitRatio({ ...listed, date: '2023-04-04', session: 1 }),
      limitRatio({ ...listed, date: '2023-04-11', session: 3 }),
    ]).to.deep.equal([null, 0.1]);
    // Listed on the 10th: five free sessions.
    expect(limitRatio({ ...listed, listDate: '2023-04-10', date: '2023-04-14', session: 5 })).to.equal(null);
  });

  it('a first day under the approval system is held to 64–144 % of the offer price, its pre_close (notices of 2013-12-13)', () => {
    const stock = { ...context, kind: 'stock', session: 1 } as const;
    const band = { reference: null, up: 0.44, down: 0.36, offer: true };
    expect([
      dailyLimit({ ...stock, board: 'main', date: '2018-06-08', listDate: '2018-06-08' }),
      dailyLimit({ ...stock, board: 'chinext', date: '2020-08-21', listDate: '2020-08-21' }),
      // Before the notices, after the boards' reforms, and on the BSE: no band.
      dailyLimit({ ...stock, board: 'main', date: '2012-03-01', listDate: '2012-03-01' }),
      dailyLimit({ ...stock, board: 'chinext', date: '2020-08-24', listDate: '2020-08-24' }),
      dailyLimit({ ...stock, board: 'main', date: '2023-04-10', listDate: '2023-04-10' }),
      dailyLimit({ ...stock, board: 'bse', date: '2022-01-05', listDate: '2022-01-05' }),
    ]).to.deep.equal([band, band, null, null, null, null]);
  });

  it("audits a first day against the band: 工业富联's real first day (601138.SH, 2018-06-08) closed at the cap", () => {
    // Offer price 13.77, the first day's pre_close: 13.77 × 1.44 = 19.8288 → 19.83, × 0.64 = 8.8128 → 8.81.
    const firstDay = { date: '2018-06-08', open: 16.52, high: 19.83, low: 16.52, close: 19.83, pre_close: 13.77 };
    const bar = { ...firstDay, vol: 1_000, amount: 1_800 };
    const series = (bars: AuditBar[]) =>
      auditSeriesOf(bars, { board: 'main', listDate: '2018-06-08', sessionOf: () => 1 });
    // A warning, not an error: a listing by share exchange or a relisting under a new code reads as a first day too.
    const checks = new Set(['limit_breach', 'first_day_band'] as const);
    expect(barFindings(series([bar]), checks)).to.deep.equal([]);
    expect(barFindings(series([{ ...bar, high: 19.84 }]), checks)).to.deep.equal([
      {
        check: 'first_day_band',
        symbol: 'TEST',
        date: '2018-06-08',
        item: '',
        detail: {
          pre_close: 13.77,
          limit_ratio: 0.44,
          limit_ratio_down: 0.36,
          limit_up: 19.83,
          limit_down: 8.81,
          high: 19.84,
          low: 16.52,
          close: 19.83,
        },
      },
    ]);
  });

  it("the delisting-arrangement period's first session has no limit; 退市XX and XX退 mark it", () => {
    const base = { board: 'main', st: false, session: 3000, date: '2021-03-01' } as const;
    expect([limitRatio({ ...base, delistingFirstDay: true }), limitRatio(base)]).to.deep.equal([null, 0.1]);
    expect(['退市长生', '长生退', '*ST长生', '长生生物'].map(isDelistingName)).to.deep.equal([
      true,
      true,
      false,
      false,
    ]);
  });

  it('盐湖股份 (000792.SZ) resumed its listing on 2021-08-10 without a limit: from 8.84 to a high of 43.15, closed 35.90; ±10 % the next day', () => {
    // Its listing suspended from 2020-05-15 (*ST盐湖; its last close 8.84, the resumption's pre_close), resumed
    // under the name 盐湖股份 (上海证券报 and the company's notice of 2021-08-09). The day's low is the price it held
    // before its second intraday halt.
    const bars: AuditBar[] = [
      { date: '2020-05-14', open: 8.84, high: 8.84, low: 8.84, close: 8.84, pre_close: 8.84, vol: 100, amount: 88_400 },
      { date: '2021-08-10', open: 39.22, high: 43.15, low: 35.29, close: 35.9, pre_close: 8.84, vol: 1, amount: 3_900 },
      // 35.90 × 0.9 = 32.31: the next day closed at its limit down.
      {
        date: '2021-08-11',
        open: 32.31,
        high: 32.31,
        low: 32.31,
        close: 32.31,
        pre_close: 35.9,
        vol: 1,
        amount: 3_231,
      },
    ];
    const series = (warned: boolean, gap: number) =>
      auditSeriesOf(bars, {
        board: 'main',
        stOn: (date) => warned && date < '2021-08-10',
        sessionsBetween: (before) => (before === '2020-05-14' ? gap : 0),
      });
    const checks = new Set(['limit_breach'] as const);
    // 2021-08-10 lies 302 sessions after 2020-05-14.
    expect(barFindings(series(true, 302), checks)).to.deep.equal([]);
    // Not under risk warning before the gap (a long halt), or back after a short one: the day keeps its name's ±10 %.
    for (const [warned, gap] of [
      [false, 302],
      [true, 119],
    ] as const)
      expect(
        barFindings(series(warned, gap), checks).map((found) => [found.date, found.detail.limit_ratio]),
      ).to.deep.equal([['2021-08-10', 0.1]]);
  });

  it('risk-warning names: ST, *ST, SST, S*ST and GST (000005.SZ GST星源, 2006-07-31)', () => {
    expect(
      ['ST星源', '*ST星源', 'SST星源', 'S*ST星源', 'GST星源', '世纪星源', 'STAR50'].map(isRiskWarningName),
    ).to.deep.equal([true, true, true, true, true, false, false]);
  });

  it("an unreformed share's S (000001.SZ S深发展A from 2006-10-09) holds it to ±5 %, as a risk warning does", () => {
    expect(['S深发展A', 'S*ST星源', 'SST星源', 'ST星源', '深发展A'].map(isUnreformedName)).to.deep.equal([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('a REIT (508000.SH, listed 2021-06-21) has ±30 % on its first day and ±10 % after', () => {
    const reit = { ...context, kind: 'etf', reit: isReitCode('508000.SH'), date: '2021-06-21' } as const;
    expect([dailyLimit({ ...reit, session: 1 })?.up, dailyLimit({ ...reit, session: 2 })?.up]).to.deep.equal([
      0.3, 0.1,
    ]);
    expect([isReitCode('508000.SH'), isReitCode('180101.SZ'), isReitCode('510300.SH')]).to.deep.equal([
      true,
      true,
      false,
    ]);
  });
});

describe('price limits of funds and convertible bonds', () => {
  it('an ETF trades within ±10 %, a growth-board fund within ±20 % from the ChiNext reform', () => {
    expect(dailyLimit({ ...context, kind: 'etf', date: '2024-01-02' })).to.deep.equal({
      reference: null,
      up: 0.1,
      down: 0.1,
    });
    expect(dailyLimit({ ...context, kind: 'etf', growthFund: true, date: '2024-01-02' })?.up).to.equal(0.2);
    expect(dailyLimit({ ...context, kind: 'etf', growthFund: true, date: '2020-08-21' })?.up).to.equal(0.1);
  });

  it('a convertible has no limit before 2022-08-01, then ±20 %, and +57.3 %/−43.3 % of par on its first day', () => {
    expect(dailyLimit({ ...context, kind: 'convertible', date: '2022-07-29' })).to.equal(null);
    expect(dailyLimit({ ...context, kind: 'convertible', date: '2022-08-01' })).to.deep.equal({
      reference: null,
      up: 0.2,
      down: 0.2,
    });
    expect(dailyLimit({ ...context, kind: 'convertible', session: 1, date: '2024-01-03' })).to.deep.equal({
      reference: 100,
      up: 0.573,
      down: 0.433,
    });
    expect(limitPrices(100, 0.573, 0.433, 3)).to.deep.equal({ up: 157.3, down: 56.7 });
    expect(dailyLimit({ ...context, kind: 'index', date: '2024-01-03' })).to.equal(null);
  });

  it('limit prices of funds and bonds are at the tick of 0.001 yuan, rounded half up', () => {
    // 3.622 × 1.1 = 3.9842, × 0.9 = 3.2598; 120.512 × 1.2 = 144.6144, × 0.8 = 96.4096.
    expect(limitPrices(3.622, 0.1, 0.1, 3)).to.deep.equal({ up: 3.984, down: 3.26 });
    expect(limitPrices(120.512, 0.2, 0.2, 3)).to.deep.equal({ up: 144.614, down: 96.41 });
    // 0.525 × 1.1 = 0.5775: half a tick rounds up.
    expect(limitPrices(0.525, 0.1, 0.1, 3).up).to.equal(0.578);
  });

  it('tells growth-board funds by their code or by a name or benchmark of ChiNext or STAR alone', () => {
    expect(isGrowthBoardFund('588000.SH', '科创50ETF', null)).to.equal(true);
    expect(isGrowthBoardFund('159915.SZ', '创业板ETF易方达', '创业板指数收益率')).to.equal(true);
    expect(isGrowthBoardFund('159781.SZ', '双创50ETF', '中证科创创业50指数收益率')).to.equal(true);
    expect(isGrowthBoardFund('510300.SH', '沪深300ETF', '沪深300指数')).to.equal(false);
    expect(isGrowthBoardFund('159999.SZ', '混合ETF', '沪深300指数收益率×50%+创业板指数收益率×50%')).to.equal(false);
  });
});

/** A series of real bars (Tushare cb_daily of 2019-07-19 and a Tencent LOF quote of 2026-09-18), checked whole. */
const seriesOf = (kind: AuditSeries['kind'], bars: AuditBar[]): AuditSeries => auditSeriesOf(bars, { kind });

describe('bar checks of funds and convertible bonds', () => {
  const checks = new Set(CHECK_NAMES);

  it("reads a convertible's volume in lots of ten bonds: Tushare's real bars have their average price in range", () => {
    const bars: AuditBar[] = [
      // 110030.SH, 123001.SZ and 128016.SZ on 2019-07-19: vol in lots, amount 万元 × 10,000.
      { open: 104.71, high: 104.96, low: 104.54, close: 104.66, pre_close: 104.7, vol: 3576, amount: 3_741_486 },
      { open: 115.5, high: 120.78, low: 114.884, close: 118.879, pre_close: 114.3, vol: 85105.8, amount: 101_347_401 },
      { open: 114.125, high: 114.742, low: 112.021, close: 113.8, pre_close: 114, vol: 21462.9, amount: 24_348_231 },
    ].map((bar, i) => ({ date: `2019-07-1${7 + i}`, ...bar }));
    const each = (bar: AuditBar) => barFindings(seriesOf('convertible', [bar]), new Set(['vwap_outside_range']));
    expect(bars.flatMap(each)).to.deep.equal([]);
    // Read in lots of a hundred, as a stock's, the first's average would be 10.46, far below its low.
    expect(barFindings(seriesOf('etf', [bars[0]!]), new Set(['vwap_outside_range']))[0]?.detail).to.deep.include({
      vwap: 10.4628,
      tick: 0.001,
    });
  });

  it('holds a fund to ±10 % at its tick and compares its pre_close to the previous close within half a tick', () => {
    // 161725.SZ, 2026-09-18: 341,318 lots for 18,055,543 yuan, 0.525–0.531, close 0.529 on 0.527.
    const real = { date: '2026-09-18', open: 0.529, high: 0.531, low: 0.525, close: 0.529, pre_close: 0.527 };
    const day = { ...real, vol: 341_318, amount: 18_055_543 };
    const next = { ...day, date: '2026-09-21', pre_close: 0.53, high: 0.585, close: 0.585, vol: 400_000, amount: 22e6 };
    expect(barFindings(seriesOf('etf', [day]), checks)).to.deep.equal([]);
    expect(barFindings(seriesOf('etf', [day, next]), checks)).to.deep.equal([
      {
        check: 'limit_breach',
        symbol: 'TEST',
        date: '2026-09-21',
        item: '',
        detail: {
          pre_close: 0.53,
          limit_ratio: 0.1,
          limit_up: 0.583,
          limit_down: 0.477,
          high: 0.585,
          low: 0.525,
          close: 0.585,
        },
      },
      {
        check: 'pre_close_mismatch',
        symbol: 'TEST',
        date: '2026-09-21',
        item: '',
        detail: { pre_close: 0.53, previous_close: 0.529, previous_date: '2026-09-18' },
      },
    ]);
  });
});
