import { expect } from 'chai';
import { OpenDays } from '../../src/domain/time/openDays';

// The SSE calendar around the 2024 Spring Festival: open 5-8 February, closed 9-16 February, open again on the 19th.
const days = new OpenDays([
  '2024-02-05',
  '2024-02-06',
  '2024-02-07',
  '2024-02-08',
  '2024-02-19',
  '2024-02-20',
  '2024-02-21',
]);

describe('domain/openDays: the open days in memory', () => {
  it('before: the nth open day before a date, the date itself the 0th when open, else the oldest; null before the first', () => {
    expect(days.before('2024-02-20', 0)).to.equal('2024-02-20');
    expect(days.before('2024-02-20', 1)).to.equal('2024-02-19');
    expect(days.before('2024-02-20', 2)).to.equal('2024-02-08'); // across the holiday: 9-16 February are closed
    expect(days.before('2024-02-12', 0)).to.equal('2024-02-08'); // a closed day counts from the open day before it
    expect(days.before('2024-02-20', 30)).to.equal('2024-02-05');
    expect(days.before('2024-02-04', 0)).to.equal(null);
    expect(new OpenDays([]).before('2024-02-20', 1)).to.equal(null);
  });

  it('lastBefore: the open day before a date, not the date itself; null before the first', () => {
    expect(days.lastBefore('2024-02-19')).to.equal('2024-02-08');
    expect(days.lastBefore('2024-02-12')).to.equal('2024-02-08');
    expect(days.lastBefore('2024-02-06')).to.equal('2024-02-05');
    expect(days.lastBefore('2024-02-05')).to.equal(null);
  });

  it('countBetween: open days after the first date and through the second', () => {
    expect(days.countBetween('2024-02-05', '2024-02-19')).to.equal(4); // 6, 7, 8, 19
    expect(days.countBetween('2024-02-08', '2024-02-16')).to.equal(0);
    expect(days.countBetween('2023-02-20', '2024-02-21')).to.equal(7);
    expect(days.countBetween('2024-02-21', '2024-02-05')).to.equal(0);
  });

  it('between: the open days from the first date through the second, both included', () => {
    expect(days.between('2024-02-08', '2024-02-19')).to.deep.equal(['2024-02-08', '2024-02-19']);
    expect(days.between('2024-02-09', '2024-02-16')).to.deep.equal([]);
    expect(days.between('2024-01-01', '2024-02-06')).to.deep.equal(['2024-02-05', '2024-02-06']);
  });
});
