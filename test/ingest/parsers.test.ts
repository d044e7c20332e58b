import { expect } from 'chai';
import { KeyTracker } from '../../src/loaders/keyTracker';
import { date, int, num, requiredDate, tsCode } from '../../src/loaders/fieldParsers';

describe('ingest field parsers and key tracking', () => {
  it('scales numbers by powers of ten in decimal, without binary rounding noise', () => {
    expect(num({ amount: '66495.5803' }, 'amount', 3)).to.equal(66495580.3);
    expect(num({ total_mv: '17853444.742' }, 'total_mv', 4)).to.equal(178534447420);
    expect(num({ v: '1.5e-3' }, 'v', 3)).to.equal(1.5);
    expect(num({ v: ' ' }, 'v')).to.equal(null);
    expect(() => num({ v: '1,234' }, 'v')).to.throw('not a number in column v: "1,234"');
    expect(() => num({ v: 'NaN' }, 'v')).to.throw('not a number');
    expect(() => int({ v: '1.5' }, 'v')).to.throw('not a whole number in column v: 1.5');
  });

  it('reads dates in either form and refuses days that do not exist', () => {
    expect(date({ d: '20240229' }, 'd')).to.equal('2024-02-29');
    expect(date({ d: '2024-02-29' }, 'd')).to.equal('2024-02-29');
    expect(() => date({ d: '20230229' }, 'd')).to.throw('invalid date in column d: 20230229');
    expect(() => requiredDate({}, 'd')).to.throw('missing value in column d');
  });

  it('accepts only standard codes', () => {
    expect(tsCode({ ts_code: '600519.SH' })).to.equal('600519.SH');
    expect(() => tsCode({ ts_code: '600519' })).to.throw('invalid ts_code: 600519');
    expect(() => tsCode({ con_code: 'sh.600519' }, 'con_code')).to.throw('invalid con_code: sh.600519');
  });

  it('tracks dated keys per stock and other keys as text', () => {
    const dated = new KeyTracker(['ts_code', 'trade_date']);
    expect(dated.add({ ts_code: '000001.SZ', trade_date: '2024-01-02' })).to.equal(true);
    expect(dated.add({ ts_code: '000002.SZ', trade_date: '2024-01-02' })).to.equal(true);
    expect(dated.add({ ts_code: '000001.SZ', trade_date: '2024-01-03' })).to.equal(true);
    expect(dated.add({ ts_code: '000001.SZ', trade_date: '2024-01-02' })).to.equal(false);
    expect(dated.add({ ts_code: '000001.SZ', trade_date: '1960-01-02' })).to.equal(true);
    expect(dated.add({ ts_code: '000001.SZ', trade_date: '1960-01-02' })).to.equal(false);
    const timed = new KeyTracker(['ts_code', 'trade_time']);
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:31:00' })).to.equal(true);
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:31:00' })).to.equal(false);
    // Out of order (a file not sorted by time): found by search, inserted in place
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:33:00' })).to.equal(true);
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:32:00' })).to.equal(true);
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:32:00' })).to.equal(false);
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-01 15:00:00' })).to.equal(true);
    expect(timed.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:33:00' })).to.equal(false);
    expect(timed.add({ ts_code: '000001.SZ', trade_time: '2024-01-02 09:31:00' })).to.equal(true);
    // More than the first 256 seconds of a stock, and times before 2000 and past 2068 (held as text)
    for (let minute = 0; minute < 600; minute++)
      expect(
        timed.add({
          ts_code: '000002.SZ',
          trade_time: `2024-01-02 ${String(9 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`,
        }),
      ).to.equal(true);
    expect(timed.add({ ts_code: '000002.SZ', trade_time: '2024-01-02 13:59:00' })).to.equal(false);
    expect(timed.add({ ts_code: '000002.SZ', trade_time: '1999-12-31 23:59:59' })).to.equal(true);
    expect(timed.add({ ts_code: '000002.SZ', trade_time: '2099-01-02 09:31:00' })).to.equal(true);
    expect(timed.add({ ts_code: '000002.SZ', trade_time: '2099-01-02 09:31:00' })).to.equal(false);
    const ticks = new KeyTracker(['ts_code', 'trade_time', 'seq']);
    expect(ticks.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:31:05', seq: 0 })).to.equal(true);
    expect(ticks.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:31:05', seq: 1 })).to.equal(true);
    expect(ticks.add({ ts_code: '600519.SH', trade_time: '2024-01-02 09:31:05', seq: 0 })).to.equal(false);
  });
});
