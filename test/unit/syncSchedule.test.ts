import { expect } from 'chai';
import { OpenDays } from '../../src/domain/time/openDays';
import {
  servedExchanges,
  expectedSession,
  lastClosedSession,
  latestSlot,
  nextSlot,
  parseSchedule,
} from '../../src/domain/time/syncSchedule';

const days = new OpenDays(['2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-19', '2024-02-20']);

describe('domain/syncSchedule: SYNC_SCHEDULE and when data is due', () => {
  it('parses source@HH:MM entries; refuses a bad time, an unknown source and a source twice, saying which', () => {
    expect(parseSchedule('tushare@16:30, baostock@18:30')).to.deep.equal([
      { source: 'tushare', at: '16:30' },
      { source: 'baostock', at: '18:30' },
    ]);
    expect(parseSchedule('')).to.deep.equal([]);
    expect(() => parseSchedule('baostock@24:00')).to.throw(
      '"baostock@24:00" is not source@HH:MM (Beijing time), e.g. baostock@17:45',
    );
    expect(() => parseSchedule('wind@17:45')).to.throw('unknown source "wind" (known: baostock, tushare)');
    expect(() => parseSchedule('baostock@17:45,baostock@20:00')).to.throw('baostock is scheduled twice');
  });

  it('the latest slot: today once its time came on a trading day, else the last trading day before; the next slot after now', () => {
    expect(latestSlot('17:45', '2024-02-08 17:44:59', days)).to.equal('2024-02-07 17:45');
    expect(latestSlot('17:45', '2024-02-08 17:45:00', days)).to.equal('2024-02-08 17:45');
    expect(latestSlot('17:45', '2024-02-12 09:00:00', days)).to.equal('2024-02-08 17:45'); // a holiday: the last trading day's
    expect(latestSlot('17:45', '2024-02-05 10:00:00', days)).to.equal(null);
    expect(nextSlot('17:45', '2024-02-08 17:44:59', days)).to.equal('2024-02-08 17:45');
    expect(nextSlot('17:45', '2024-02-08 17:45:00', days)).to.equal('2024-02-19 17:45');
    expect(nextSlot('17:45', '2024-02-20 18:00:00', days)).to.equal(null);
  });

  it('the expected session: due at the earliest scheduled time, or at the close without a schedule; the last closed session', () => {
    const schedule = parseSchedule('baostock@18:30,tushare@16:30');
    expect(expectedSession('2024-02-08 16:29:00', schedule, days)).to.equal('2024-02-07');
    expect(expectedSession('2024-02-08 16:30:00', schedule, days)).to.equal('2024-02-08');
    expect(expectedSession('2024-02-08 15:00:00', [], days)).to.equal('2024-02-08');
    expect(expectedSession('2024-02-08 14:59:59', [], days)).to.equal('2024-02-07');
    expect(lastClosedSession('2024-02-19 15:00:00', days)).to.equal('2024-02-19');
    expect(lastClosedSession('2024-02-19 09:00:00', days)).to.equal('2024-02-08');
  });
});

describe('domain/syncSchedule: the exchanges the scheduled sources serve', () => {
  it('Baostock alone serves SSE and SZSE; with Tushare, or without a schedule, every exchange', () => {
    expect(servedExchanges(parseSchedule('baostock@17:45'))).to.deep.equal(['SSE', 'SZSE']);
    expect(servedExchanges(parseSchedule('baostock@17:45,tushare@18:30'))).to.deep.equal(['SSE', 'SZSE', 'BSE']);
    expect(servedExchanges([])).to.deep.equal(['SSE', 'SZSE', 'BSE']);
  });
});
