import { expect } from 'chai';
import { barFindings, type AuditBar } from '../../src/domain/quality/barChecks';
import { distributionsBySession, exReferencePrice, type Distribution } from '../../src/domain/quality/distributions';
import { factorFindings, factorSteps, type AuditFactor } from '../../src/domain/quality/factorChecks';
import { CHECK_NAMES } from '../../src/domain/quality/findings';
import { auditSeriesOf } from '../support/auditSeries';

/** A quiet bar: open, high, low and close at `close`, its pre_close the day before's. */
const bar = (date: string, close: number, preClose: number): AuditBar =>
  ({
    date,
    open: close,
    high: close,
    low: close,
    close,
    pre_close: preClose,
    vol: 1000,
    amount: close * 100_000,
  }) as AuditBar;

const days = (bars: readonly AuditBar[]) => bars.map(({ date }) => date);

describe('domain/quality/factorChecks: a distribution against the factor', () => {
  const checks = new Set(CHECK_NAMES);
  /** The factor checks of bars, their factors and a cash dividend ex 2024-03-08. */
  const findingsOf = (bars: AuditBar[], factors: AuditFactor[], cash: number) =>
    factorFindings(
      'TEST.SH',
      bars,
      factors,
      factorSteps(factors),
      distributionsBySession([{ exDate: '2024-03-08', cash, shares: 0 }], days(bars)),
      checks,
    );

  it('the ex-reference price of cash and new shares (SSE Trading Rules 3.4.19): (10 − 0.3) ÷ 1.2 = 8.0833', () => {
    expect(exReferencePrice(10, { exDate: '2024-03-08', cash: 0.3, shares: 0.2 })).to.be.closeTo(8.083333, 1e-6);
  });

  it('a 0.30-yuan dividend ex 2024-03-08 on a 10-yuan stock whose factor and pre_close both stay: event_without_factor_step, sized from the dividend', () => {
    const bars = [bar('2024-03-06', 10, 10), bar('2024-03-07', 10, 10), bar('2024-03-08', 10, 10)];
    const factors = bars.map(({ date }) => ({ date, factor: 1 }));
    expect(findingsOf(bars, factors, 0.3)).to.deep.equal([
      {
        check: 'event_without_factor_step',
        symbol: 'TEST.SH',
        date: '2024-03-08',
        item: '',
        detail: { ex_date: '2024-03-08', previous_close: 10, ex_reference: 9.7, pre_close: 10, factor: 1 },
      },
    ]);
  });

  it('the same dividend stepped by the factor (10 ÷ 9.7) and cut from pre_close: nothing to find', () => {
    const bars = [bar('2024-03-07', 10, 10), bar('2024-03-08', 9.7, 9.7)];
    const factors = [
      { date: '2024-03-07', factor: 1 },
      { date: '2024-03-08', factor: 1.030928 },
    ];
    expect(findingsOf(bars, factors, 0.3)).to.deep.equal([]);
  });

  it('a dividend of 0.001 yuan on a 10-yuan stock: a step the source rounds away, nothing to find', () => {
    const bars = [bar('2024-03-07', 10, 10), bar('2024-03-08', 10, 10)];
    const factors = bars.map(({ date }) => ({ date, factor: 1 }));
    expect(findingsOf(bars, factors, 0.001)).to.deep.equal([]);
  });
});

describe('domain/quality/barChecks: pre_close on an ex-date is the ex-reference price', () => {
  const mismatches = (bars: AuditBar[], distributions: Distribution[]) =>
    barFindings(
      auditSeriesOf(bars, {
        symbol: 'TEST.SH',
        board: 'main',
        distributions: distributionsBySession(distributions, days(bars)),
      }),
      new Set(['pre_close_mismatch']),
    );
  const dividend = { exDate: '2024-03-08', cash: 0.3, shares: 0 };

  it('a 0.30-yuan dividend ex 2024-03-08: pre_close 9.70 passes; left at 10.00 it is a mismatch against 9.70–9.73', () => {
    expect(mismatches([bar('2024-03-07', 10, 10), bar('2024-03-08', 9.7, 9.7)], [dividend])).to.deep.equal([]);
    expect(mismatches([bar('2024-03-07', 10, 10), bar('2024-03-08', 10, 10)], [dividend])).to.deep.equal([
      {
        check: 'pre_close_mismatch',
        symbol: 'TEST.SH',
        date: '2024-03-08',
        item: '',
        detail: {
          pre_close: 10,
          previous_close: 10,
          previous_date: '2024-03-07',
          ex_reference: 9.7,
          // Nine tenths of the dividend: 10 − 0.27.
          ex_reference_max: 9.73,
        },
      },
    ]);
  });

  it("treasury shares take no part: 美的集团's real ex-date (000333.SZ, 2024-05-15) and 格力电器's (000651.SZ, 2024-08-28) pass", () => {
    // Tushare's bars: 美的 closed 70.84 and its pre_close ex 3.00 yuan was 67.86, not 67.84, the cash spread over
    // every share with its repurchased ones; 格力 closed 41.77, ex 2.38 yuan its pre_close was 39.44, not 39.39.
    const midea = [bar('2024-05-14', 70.84, 72.71), bar('2024-05-15', 69.76, 67.86)];
    const gree = [bar('2024-08-27', 41.77, 42.07), bar('2024-08-28', 38.8, 39.44)];
    expect(mismatches(midea, [{ exDate: '2024-05-15', cash: 3, shares: 0 }])).to.deep.equal([]);
    expect(mismatches(gree, [{ exDate: '2024-08-28', cash: 2.38, shares: 0 }])).to.deep.equal([]);
    // Past nine tenths of the dividend (70.84 − 2.70 = 68.14) no holding of its own shares explains it.
    const past = [midea[0]!, bar('2024-05-15', 69.76, 68.16)];
    expect(mismatches(past, [{ exDate: '2024-05-15', cash: 3, shares: 0 }])[0]?.detail).to.deep.include({
      ex_reference: 67.84,
      ex_reference_max: 68.14,
    });
  });

  it('10 shares for 10 and 0.50 yuan on a close of 20.37: the reference (20.37 − 0.05) ÷ 2 = 10.16, at the cent', () => {
    const bonus = { exDate: '2024-03-08', cash: 0.05, shares: 1 };
    expect(mismatches([bar('2024-03-07', 20.37, 20.37), bar('2024-03-08', 10.16, 10.16)], [bonus])).to.deep.equal([]);
  });

  it('an ex-date inside a suspension acts on the resumption day: its pre_close is the reference, no mismatch', () => {
    // Suspended 2024-03-08 (the ex-date) and resumed 2024-03-11 at the ex-reference price.
    expect(mismatches([bar('2024-03-07', 10, 10), bar('2024-03-11', 9.7, 9.7)], [dividend])).to.deep.equal([]);
    expect(
      factorFindings(
        'TEST.SH',
        [bar('2024-03-07', 10, 10), bar('2024-03-11', 9.7, 9.7)],
        [
          { date: '2024-03-07', factor: 1 },
          { date: '2024-03-11', factor: 1.030928 },
        ],
        factorSteps([
          { date: '2024-03-07', factor: 1 },
          { date: '2024-03-11', factor: 1.030928 },
        ]),
        distributionsBySession([dividend], ['2024-03-07', '2024-03-11']),
        new Set(['factor_step_without_event', 'event_without_factor_step', 'factor_step_mismatch']),
      ),
    ).to.deep.equal([]);
  });
});
