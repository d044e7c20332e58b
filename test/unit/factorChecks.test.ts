import { expect } from 'chai';
import type { AuditBar } from '../../src/domain/quality/barChecks';
import { exReferencePrice, factorFindings, factorSteps } from '../../src/domain/quality/factorChecks';
import { CHECK_NAMES } from '../../src/domain/quality/findings';

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

describe('domain/quality/factorChecks: a distribution against the factor', () => {
  const checks = new Set(CHECK_NAMES);

  it('the ex-reference price of cash and new shares (SSE Trading Rules 3.4.19): (10 − 0.3) ÷ 1.2 = 8.0833', () => {
    expect(exReferencePrice(10, { exDate: '2024-03-08', cash: 0.3, shares: 0.2 })).to.be.closeTo(8.083333, 1e-6);
  });

  it('a 0.30-yuan dividend ex 2024-03-08 on a 10-yuan stock whose factor and pre_close both stay: event_without_factor_step, sized from the dividend', () => {
    const bars = [bar('2024-03-06', 10, 10), bar('2024-03-07', 10, 10), bar('2024-03-08', 10, 10)];
    const factors = bars.map(({ date }) => ({ date, factor: 1 }));
    const found = factorFindings(
      'TEST.SH',
      bars,
      factors,
      factorSteps(factors),
      [{ exDate: '2024-03-08', cash: 0.3, shares: 0 }],
      checks,
    );
    expect(found).to.deep.equal([
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
    expect(
      factorFindings(
        'TEST.SH',
        bars,
        factors,
        factorSteps(factors),
        [{ exDate: '2024-03-08', cash: 0.3, shares: 0 }],
        checks,
      ),
    ).to.deep.equal([]);
  });

  it('a dividend of 0.001 yuan on a 10-yuan stock: a step the source rounds away, nothing to find', () => {
    const bars = [bar('2024-03-07', 10, 10), bar('2024-03-08', 10, 10)];
    const factors = bars.map(({ date }) => ({ date, factor: 1 }));
    expect(
      factorFindings(
        'TEST.SH',
        bars,
        factors,
        factorSteps(factors),
        [{ exDate: '2024-03-08', cash: 0.001, shares: 0 }],
        checks,
      ),
    ).to.deep.equal([]);
  });
});
