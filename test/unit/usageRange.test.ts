import { expect } from 'chai';
import { AppError } from '../../src/domain/api/errors';
import { daysBetween, usageRange } from '../../src/domain/time/usageRange';

const NOON_IN_BEIJING = new Date('2026-11-25T04:00:00Z');

describe('domain/usageRange: the usage report’s days', () => {
  it('a range given whole is kept; a begin alone ends today on the exchange’s clock', () => {
    expect(usageRange({ begin_date: '2026-01-01', end_date: '2026-01-31' }, NOON_IN_BEIJING)).to.deep.equal({
      begin: '2026-01-01',
      end: '2026-01-31',
    });
    expect(usageRange({ begin_date: '2026-11-01' }, NOON_IN_BEIJING)).to.deep.equal({
      begin: '2026-11-01',
      end: '2026-11-25',
    });
  });

  it('an end alone opens the 30 days ending on it, across a month end', () => {
    expect(usageRange({ end_date: '2026-03-10' }, NOON_IN_BEIJING)).to.deep.equal({
      begin: '2026-02-09',
      end: '2026-03-10',
    });
  });

  it('366 days pass (a leap year whole); 367 are refused as date_range_too_large', () => {
    expect(usageRange({ begin_date: '2024-01-01', end_date: '2024-12-31' })).to.deep.equal({
      begin: '2024-01-01',
      end: '2024-12-31',
    });
    expect(() => usageRange({ begin_date: '2024-01-01', end_date: '2025-01-01' }))
      .to.throw(AppError, 'at most 366 days')
      .with.property('code', 'date_range_too_large');
  });

  it('a begin after the end is invalid_parameter; a date that is not YYYY-MM-DD is invalid_date_format', () => {
    expect(() => usageRange({ begin_date: '2026-02-02', end_date: '2026-02-01' }))
      .to.throw(AppError, 'begin_date must not be after end_date')
      .with.property('code', 'invalid_parameter');
    expect(() => usageRange({ end_date: '2026/02/01' }))
      .to.throw(AppError, 'Invalid date: 2026/02/01')
      .with.property('code', 'invalid_date_format');
  });

  it('daysBetween lists every day from begin to end inclusive, one day when they are equal', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).to.deep.equal([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysBetween('2026-11-25', '2026-11-25')).to.deep.equal(['2026-11-25']);
    expect(daysBetween('2026-11-26', '2026-11-25')).to.deep.equal([]);
  });
});
