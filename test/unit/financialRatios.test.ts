import { expect } from 'chai';
import { yoyGrowth } from '../../src/domain/statements/growth';
import {
  averageOf,
  difference,
  financialMetrics,
  incomeDerived,
  percentOf,
  ratioOf,
  type MetricBalance,
  type MetricIncome,
} from '../../src/domain/statements/financialRatios';
import { roundMoney, roundRatio, roundTo } from '../../src/domain/api/numbers';

describe('domain/growth', () => {
  it('year-on-year percent: 600 against 580 → 3.4483', () => {
    expect(yoyGrowth(600, 580)).to.equal(3.4483);
  });
  it('a negative base divides by its absolute value so the sign tells better or worse', () => {
    expect(yoyGrowth(25, -50)).to.equal(150);
    expect(yoyGrowth(-25, -50)).to.equal(50);
    expect(yoyGrowth(-75, -50)).to.equal(-50);
    expect(yoyGrowth(-10, 20)).to.equal(-150);
  });
  it('null when the base is zero or either figure is missing', () => {
    expect(yoyGrowth(10, 0)).to.equal(null);
    expect(yoyGrowth(null, 10)).to.equal(null);
    expect(yoyGrowth(10, null)).to.equal(null);
  });
});

describe('domain/numbers', () => {
  it('rounds half away from zero', () => {
    expect(roundTo(1.125, 2)).to.equal(1.13);
    expect(roundTo(-2.5, 0)).to.equal(-3);
    expect(roundTo(null, 2)).to.equal(null);
    expect(roundMoney(0.1 + 0.2)).to.equal(0.3);
    expect(roundRatio(2 / 3)).to.equal(0.6667);
  });
});

describe('domain/financialRatios', () => {
  it('percentOf, ratioOf, difference, averageOf are null-safe and refuse a zero divisor', () => {
    expect(percentOf(1, 8)).to.equal(12.5);
    expect(percentOf(1, 0)).to.equal(null);
    expect(percentOf(null, 8)).to.equal(null);
    expect(ratioOf(5, 2)).to.equal(2.5);
    expect(ratioOf(5, 0)).to.equal(null);
    expect(ratioOf(5, null)).to.equal(null);
    expect(difference(10, 4)).to.equal(6);
    expect(difference(10, null)).to.equal(null);
    expect(averageOf(1, 2)).to.equal(1.5);
    expect(averageOf(null, 2)).to.equal(null);
  });

  it('income derived: gross profit 240 of 600 → 40 %, operating 70 → 11.6667 %, net 60 → 10 %', () => {
    expect(incomeDerived({ revenue: 600, operating_cost: 360, operating_profit: 70, net_profit: 60 })).to.deep.equal({
      gross_profit: 240,
      gross_margin: 40,
      operating_margin: 11.6667,
      net_margin: 10,
    });
  });

  it('income derived with zero or missing revenue gives null margins', () => {
    expect(incomeDerived({ revenue: 0, operating_cost: 0, operating_profit: -5, net_profit: -5 })).to.deep.equal({
      gross_profit: 0,
      gross_margin: null,
      operating_margin: null,
      net_margin: null,
    });
    expect(
      incomeDerived({ revenue: null, operating_cost: 1, operating_profit: 1, net_profit: 1 }).gross_profit,
    ).to.equal(null);
  });

  const income: MetricIncome = {
    revenue: 600,
    operating_cost: 360,
    operating_profit: 70,
    net_profit: 60,
    net_profit_parent: 54,
    basic_eps: 0.54,
  };
  const prior: MetricIncome = {
    revenue: 580,
    operating_cost: 348,
    operating_profit: 54,
    net_profit: 44,
    net_profit_parent: 40,
    basic_eps: 0.44,
  };
  const closing: MetricBalance = {
    total_assets: 1200,
    total_liabilities: 480,
    total_current_assets: 600,
    total_current_liabilities: 300,
    equity_parent: 650,
    share_capital: 100,
  };
  const opening: MetricBalance = {
    total_assets: 1000,
    total_liabilities: 400,
    total_current_assets: 500,
    total_current_liabilities: 250,
    equity_parent: 550,
    share_capital: 100,
  };

  it('every metric from hand-computed inputs', () => {
    expect(financialMetrics({ income, priorIncome: prior, closing, opening, operatingCashFlow: 80 })).to.deep.equal({
      roe: 9, // 54 / ((550 + 650) / 2)
      roa: 5.4545, // 60 / ((1000 + 1200) / 2)
      gross_margin: 40,
      net_margin: 10,
      debt_to_asset_ratio: 40, // 480 / 1200
      current_ratio: 2, // 600 / 300
      eps: 0.54,
      bps: 6.5, // 650 / 100
      operating_cash_flow_per_share: 0.8, // 80 / 100
      revenue_growth: 3.4483, // (600 − 580) / 580
      net_profit_growth: 36.3636, // (60 − 44) / 44
      net_profit_parent_growth: 35, // (54 − 40) / 40
    });
  });

  it('missing opening balance, prior year or balance sheet → the metrics that need them are null', () => {
    const metrics = financialMetrics({
      income,
      priorIncome: null,
      closing: null,
      opening: null,
      operatingCashFlow: null,
    });
    expect(metrics).to.deep.include({
      roe: null,
      roa: null,
      debt_to_asset_ratio: null,
      current_ratio: null,
      bps: null,
      operating_cash_flow_per_share: null,
      revenue_growth: null,
      net_profit_growth: null,
      net_profit_parent_growth: null,
      gross_margin: 40,
      eps: 0.54,
    });
  });
});
