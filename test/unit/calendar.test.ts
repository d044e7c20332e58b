import { expect } from 'chai';
import {
  addDays,
  addYears,
  isLongerThanYears,
  isPeriodClosed,
  periodEnd,
  periodStart,
} from '../../src/domain/time/calendar';

describe('domain/calendar', () => {
  it('adds days and years; 29 February falls back to 28 February', () => {
    expect(addDays('2024-02-28', 2)).to.equal('2024-03-01');
    expect(addDays('2024-01-01', -1)).to.equal('2023-12-31');
    expect(addYears('2021-06-30', 3)).to.equal('2024-06-30');
    expect(addYears('2024-02-29', 1)).to.equal('2025-02-28');
    expect(addYears('2024-02-29', -4)).to.equal('2020-02-29');
    // Past year 9999 (found by the fuzzer: a calendar ending 9999-12-31 asked for the three years before it).
    expect(addYears('9999-01-01', 3)).to.equal('9999-12-31');
    expect(isLongerThanYears('9999-01-01', '9999-12-31', 3)).to.equal(false);
  });

  it('a range of exactly three years is allowed, one day more is not', () => {
    expect(isLongerThanYears('2021-01-04', '2024-01-04', 3)).to.equal(false);
    expect(isLongerThanYears('2021-01-04', '2024-01-05', 3)).to.equal(true);
  });

  it('periods start on Monday, the 1st of the month, the quarter and the year', () => {
    expect(periodStart('2024-04-03', 'weekly')).to.equal('2024-04-01');
    expect(periodStart('2024-04-07', 'weekly')).to.equal('2024-04-01'); // Sunday belongs to the week before
    expect(periodStart('2024-04-08', 'weekly')).to.equal('2024-04-08');
    expect(periodStart('2024-05-17', 'monthly')).to.equal('2024-05-01');
    expect(periodStart('2024-05-17', 'quarterly')).to.equal('2024-04-01');
    expect(periodStart('2024-12-31', 'quarterly')).to.equal('2024-10-01');
    expect(periodStart('2024-05-17', 'yearly')).to.equal('2024-01-01');
  });

  it('periods end on Sunday and on the last day of the month, quarter and year', () => {
    expect(periodEnd('2024-04-03', 'weekly')).to.equal('2024-04-07');
    expect(periodEnd('2024-02-10', 'monthly')).to.equal('2024-02-29');
    expect(periodEnd('2024-02-10', 'quarterly')).to.equal('2024-03-31');
    expect(periodEnd('2024-02-10', 'yearly')).to.equal('2024-12-31');
  });

  it('a period closes on its last open day: Qingming week 2024 closes on Wednesday 3 April', () => {
    const open = ['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-08'];
    expect(isPeriodClosed('2024-04-02', 'weekly', '2024-04-02', open)).to.equal(false);
    expect(isPeriodClosed('2024-04-02', 'weekly', '2024-04-03', open)).to.equal(true);
    expect(isPeriodClosed('2024-04-08', 'weekly', '2024-04-08', [...open, '2024-04-09'])).to.equal(false);
    expect(isPeriodClosed('2024-04-15', 'weekly', '2024-04-12', open)).to.equal(false); // no open day known in that week
  });
});
