import { expect } from 'chai';
import { figuresOfKind, ttmFigures, ttmValue, type Figures, type TtmRule } from '../../src/domain/statements/ttm';

/** YTD revenue by period end; FY2023 as restated. 2023-06-30 is missing. */
const ytd = new Map<string, Figures>([
  ['2022-06-30', { revenue: 250, eps: 0.15, cash_end: 90 }],
  ['2022-09-30', { revenue: 380, eps: 0.2, cash_end: 100 }],
  ['2022-12-31', { revenue: 500, eps: 0.25, cash_end: 110 }],
  ['2023-09-30', { revenue: 420, eps: 0.3, cash_end: 120 }],
  ['2023-12-31', { revenue: 580, eps: 0.44, cash_end: 130 }],
  ['2024-03-31', { revenue: 150, eps: 0.12, cash_end: 140 }],
  ['2024-06-30', { revenue: 300, eps: 0.3, cash_end: 150 }],
  ['2024-09-30', { revenue: 450, eps: 0.45, cash_end: null }],
  ['2024-12-31', { revenue: 600, eps: 0.6, cash_end: 170 }],
]);
const rule: TtmRule = {
  flows: ['revenue', 'eps'],
  balances: ['cash_end'],
  openings: { cash_begin: 'cash_end' },
  decimals: { eps: 4 },
};

describe('domain/ttm', () => {
  it('ttmValue = YTD + prior FY − prior YTD, null when a part is missing', () => {
    expect(ttmValue(450, 580, 420)).to.equal(610);
    expect(ttmValue(-10, -50, -35)).to.equal(-25);
    expect(ttmValue(450, null, 420)).to.equal(null);
    expect(ttmValue(null, 580, 420)).to.equal(null);
    expect(ttmValue(450, 580, null)).to.equal(null);
  });

  it('Q3: 450 + 580 − 420 = 610; EPS to 4 places; balances as reported; opening = closing a year earlier', () => {
    expect(ttmFigures(ytd, '2024-09-30', rule)).to.deep.equal({
      revenue: 610,
      eps: 0.59,
      cash_end: null,
      cash_begin: 120,
    });
  });

  it('Q1: 150 + 580 − prior Q1 (absent) = null', () => {
    expect(ttmFigures(ytd, '2024-03-31', rule)).to.deep.equal({
      revenue: null,
      eps: null,
      cash_end: 140,
      cash_begin: null,
    });
  });

  it('a missing quarter a year earlier makes the TTM null, not a partial sum', () => {
    expect(ttmFigures(ytd, '2024-06-30', rule)!.revenue).to.equal(null);
  });

  it('at a year end the TTM is the annual report itself', () => {
    expect(ttmFigures(ytd, '2024-12-31', rule)).to.equal(ytd.get('2024-12-31'));
  });

  it('uses the restated prior year: 2023-09-30 TTM = 420 + 500 − 380 = 540', () => {
    expect(ttmFigures(ytd, '2023-09-30', rule)!.revenue).to.equal(540);
  });

  it('no report at the date (or a date that ends no report) → null', () => {
    expect(ttmFigures(ytd, '2023-06-30', rule)).to.equal(null);
    expect(ttmFigures(new Map([['2024-05-31', { revenue: 1 }]]), '2024-05-31', rule)).to.equal(null);
  });

  it('rounds flows to the fen so float noise does not leak', () => {
    const noisy = new Map<string, Figures>([
      ['2023-12-31', { revenue: 0.3 }],
      ['2023-09-30', { revenue: 0.1 }],
      ['2024-09-30', { revenue: 0.2 }],
    ]);
    expect(ttmFigures(noisy, '2024-09-30', { flows: ['revenue'] })!.revenue).to.equal(0.4);
  });

  it('figuresOfKind: annual and quarterly as reported, ttm computed, null when absent', () => {
    expect(figuresOfKind(ytd, '2024-09-30', 'quarterly', rule)).to.equal(ytd.get('2024-09-30'));
    expect(figuresOfKind(ytd, '2024-12-31', 'annual', rule)).to.equal(ytd.get('2024-12-31'));
    expect(figuresOfKind(ytd, '2024-09-30', 'ttm', rule)!.revenue).to.equal(610);
    expect(figuresOfKind(ytd, '2020-12-31', 'annual', rule)).to.equal(null);
  });
});
