import { expect } from 'chai';
import { marketStatusAt, phaseAt } from '../../src/domain/time/marketStatus';
import { OpenDays } from '../../src/domain/time/openDays';

// The SSE calendar around the 2024 Spring Festival: open 5-8 February, closed 9-16 February, open again on the 19th.
const days = new OpenDays(['2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-19', '2024-02-20']);
/** An instant given by its Beijing wall-clock time. */
const beijing = (wallClock: string) => new Date(`${wallClock.replace(' ', 'T')}+08:00`);

describe('domain/marketStatus: the phase of the trading day and the sessions around now', () => {
  it('each phase starts at its boundary, to the second', () => {
    const boundaries: Array<[string, string]> = [
      ['00:00:00', 'before_open'],
      ['09:14:59', 'before_open'],
      ['09:15:00', 'opening_auction'],
      ['09:24:59', 'opening_auction'],
      ['09:25:00', 'pre_open'],
      ['09:29:59', 'pre_open'],
      ['09:30:00', 'continuous'],
      ['11:29:59', 'continuous'],
      ['11:30:00', 'lunch_break'],
      ['12:59:59', 'lunch_break'],
      ['13:00:00', 'continuous'],
      ['14:56:59', 'continuous'],
      ['14:57:00', 'closing_auction'],
      ['14:59:59', 'closing_auction'],
      ['15:00:00', 'after_close'],
      ['23:59:59', 'after_close'],
    ];
    expect(boundaries.map(([time]) => [time, phaseAt(time)])).to.deep.equal(boundaries);
  });

  it('a trading day in the morning auction: today the session, the next open 09:30 today, the close 15:00 today', () => {
    expect(marketStatusAt(beijing('2024-02-08 09:20:00'), days)).to.deep.equal({
      beijingTime: '2024-02-08T09:20:00+08:00',
      utcTime: '2024-02-08T01:20:00Z',
      isTradingDay: true,
      phase: 'opening_auction',
      sessionDate: '2024-02-08',
      previousSessionDate: '2024-02-07',
      nextOpen: '2024-02-08T09:30:00+08:00',
      nextClose: '2024-02-08T15:00:00+08:00',
      calendarThrough: '2024-02-20',
    });
  });

  it('after the last close before a holiday: the next open and close are after it; the UTC date may still be the day before', () => {
    expect(marketStatusAt(beijing('2024-02-08 15:00:00'), days)).to.include({
      phase: 'after_close',
      sessionDate: '2024-02-08',
      nextOpen: '2024-02-19T09:30:00+08:00',
      nextClose: '2024-02-19T15:00:00+08:00',
    });
    // 07:30 Beijing on the 19th is 23:30 UTC on the 18th.
    expect(marketStatusAt(beijing('2024-02-19 07:30:00'), days)).to.include({
      utcTime: '2024-02-18T23:30:00Z',
      isTradingDay: true,
      phase: 'before_open',
      previousSessionDate: '2024-02-08',
    });
  });

  it('a closed day: closed, the next session its date, the previous the last before; closed days past the last session, nulls', () => {
    expect(marketStatusAt(beijing('2024-02-12 10:00:00'), days)).to.deep.equal({
      beijingTime: '2024-02-12T10:00:00+08:00',
      utcTime: '2024-02-12T02:00:00Z',
      isTradingDay: false,
      phase: 'closed',
      sessionDate: '2024-02-19',
      previousSessionDate: '2024-02-08',
      nextOpen: '2024-02-19T09:30:00+08:00',
      nextClose: '2024-02-19T15:00:00+08:00',
      calendarThrough: '2024-02-20',
    });
    // The calendar stores the closed days to the 25th: the 21st is known to be closed.
    const closedToThe25th = new OpenDays(['2024-02-19', '2024-02-20'], '2024-02-25');
    expect(marketStatusAt(beijing('2024-02-21 10:00:00'), closedToThe25th)).to.include({
      isTradingDay: false,
      phase: 'closed',
      sessionDate: null,
      previousSessionDate: '2024-02-20',
      nextOpen: null,
      nextClose: null,
    });
  });

  it('past the stored calendar the day is unknown, not closed: a calendar loaded through Tuesday 2024-03-26, asked on Friday 2024-03-29 at 18:00', () => {
    const throughTuesday = new OpenDays(['2024-03-25', '2024-03-26'], '2024-03-26');
    expect(marketStatusAt(beijing('2024-03-29 18:00:00'), throughTuesday)).to.deep.equal({
      beijingTime: '2024-03-29T18:00:00+08:00',
      utcTime: '2024-03-29T10:00:00Z',
      isTradingDay: null,
      phase: 'unknown',
      sessionDate: null,
      previousSessionDate: null,
      nextOpen: null,
      nextClose: null,
      calendarThrough: '2024-03-26',
    });
    // The same store after a load of the year's calendar (Friday the 29th a session): its real phase.
    const year = new OpenDays(['2024-03-25', '2024-03-26', '2024-03-27', '2024-03-28', '2024-03-29'], '2024-12-31');
    expect(marketStatusAt(beijing('2024-03-29 18:00:00'), year)).to.include({
      isTradingDay: true,
      phase: 'after_close',
      calendarThrough: '2024-12-31',
    });
  });
});
