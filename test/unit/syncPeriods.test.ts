import { expect } from 'chai';
import { monthsOf, reportingPeriodsOf, yearsOf } from '../../src/domain/time/syncPeriods';

describe('sync parts: the upstream calls that cover a date range', () => {
  it('cuts a range into calendar months, clipped to the range', () => {
    expect(monthsOf('2024-01-15', '2024-03-02')).to.deep.equal([
      ['2024-01-15', '2024-01-31'],
      ['2024-02-01', '2024-02-29'],
      ['2024-03-01', '2024-03-02'],
    ]);
    expect(monthsOf('2023-12-31', '2024-01-01')).to.deep.equal([
      ['2023-12-31', '2023-12-31'],
      ['2024-01-01', '2024-01-01'],
    ]);
  });

  it('cuts a range into calendar years, clipped to the range', () => {
    expect(yearsOf('2023-06-01', '2025-02-03')).to.deep.equal([
      ['2023-06-01', '2023-12-31'],
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', '2025-02-03'],
    ]);
  });

  it('lists the quarter ends inside a range with the day their reports are due', () => {
    expect(reportingPeriodsOf('2023-10-01', '2024-07-01')).to.deep.equal([
      { period: '2023-12-31', dueOn: '2024-04-30' },
      { period: '2024-03-31', dueOn: '2024-04-30' },
      { period: '2024-06-30', dueOn: '2024-08-31' },
    ]);
    expect(reportingPeriodsOf('2024-04-01', '2024-06-29')).to.deep.equal([]);
  });
});
