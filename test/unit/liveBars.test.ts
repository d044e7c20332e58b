import { expect } from 'chai';
import { barLabelOf, isPollingTime, MinuteBarBuilder } from '../../src/domain/market/liveBars';
import type { Snapshot } from '../../src/domain/market/quotes';
import { replayTimeOf } from '../../src/domain/time/replayClock';

const snap = (
  time: string,
  last: number | null,
  volume: number,
  amount: number,
  extra: Partial<Snapshot> = {},
): Snapshot => ({
  ts_code: '000001.SZ',
  name: '平安银行',
  time: `2026-04-02 ${time}`,
  last,
  open: 10,
  high: null,
  low: null,
  pre_close: 10,
  volume,
  amount,
  bids: [],
  asks: [],
  limit_up: 11,
  limit_down: 9,
  suspended: false,
  ...extra,
});

describe('domain/liveBars: one-minute bars from quote snapshots', () => {
  it("labels a time by its minute's end; the auction into 09:31; prints after a close into its last bar", () => {
    const cases: Array<[string, string | null]> = [
      ['09:14:59', null],
      ['09:25:03', '09:31'],
      ['09:30:00', '09:31'],
      ['09:30:01', '09:31'],
      ['09:31:00', '09:31'],
      ['09:31:01', '09:32'],
      ['11:29:59', '11:30'],
      ['11:30:02', '11:30'],
      ['12:00:00', null],
      ['13:00:00', '13:01'],
      ['13:00:05', '13:01'],
      ['14:59:30', '15:00'],
      ['15:00:03', '15:00'],
      ['15:10:00', null],
    ];
    for (const [time, label] of cases)
      expect(barLabelOf(`2026-04-02 ${time}`), time).to.equal(label === null ? null : `2026-04-02 ${label}:00`);
  });

  it('bars equal the hand-computed ones: the auction in the first bar, volume as differences, a missed poll inventing nothing', () => {
    const builder = new MinuteBarBuilder();
    const bars = [
      snap('09:25:03', 10.0, 1000, 10_000),
      snap('09:30:03', 10.02, 1500, 15_010),
      snap('09:30:45', 9.98, 2100, 21_000),
      snap('09:31:03', 10.05, 2500, 25_020),
      snap('09:32:00', 10.01, 2600, 26_021),
      snap('09:34:10', 10.1, 3600, 36_121),
    ].map((s) => builder.update(s));
    const bar = (
      time: string,
      open: number,
      high: number,
      low: number,
      close: number,
      vol: number,
      amount: number,
    ) => ({ ts_code: '000001.SZ', trade_time: `2026-04-02 ${time}:00`, open, high, low, close, vol, amount });
    expect(bars).to.deep.equal([
      bar('09:31', 10, 10, 10, 10, 1000, 10_000),
      bar('09:31', 10, 10.02, 10, 10.02, 1500, 15_010),
      bar('09:31', 10, 10.02, 9.98, 9.98, 2100, 21_000),
      bar('09:32', 10.05, 10.05, 10.05, 10.05, 400, 4020),
      bar('09:32', 10.05, 10.05, 10.01, 10.01, 500, 5021),
      bar('09:35', 10.1, 10.1, 10.1, 10.1, 1000, 10_100),
    ]);
  });

  it('joining mid-session skips the first minute seen; suspended, priceless and stale snapshots make no bar', () => {
    const builder = new MinuteBarBuilder();
    expect(builder.update(snap('10:00:10', 10, 50_000, 500_000))).to.equal(null);
    expect(builder.update(snap('10:00:40', 10.1, 50_200, 502_020))).to.equal(null);
    expect(builder.update(snap('10:01:05', 10.2, 50_600, 506_100))).to.deep.include({
      trade_time: '2026-04-02 10:02:00',
      open: 10.2,
      vol: 400,
      amount: 4080,
    });
    expect(builder.update(snap('10:01:05', 10.3, 50_700, 507_130))).to.equal(null);
    expect(builder.update(snap('10:01:20', 10.3, 50_700, 507_130, { suspended: true }))).to.equal(null);
    expect(builder.update(snap('10:01:25', null, 50_700, 507_130))).to.equal(null);
  });
});

describe('domain/liveBars: when the quote feed polls', () => {
  it('from the call auction at 09:15 to a minute past each close (11:30, 15:00), not over lunch or at night', () => {
    const polled = [
      '09:14:59',
      '09:15:00',
      '11:30:59',
      '11:31:00',
      '12:59:59',
      '13:00:00',
      '15:00:59',
      '15:01:00',
      '00:00:00',
    ].filter(isPollingTime);
    expect(polled).to.deep.equal(['09:15:00', '11:30:59', '13:00:00', '15:00:59']);
  });
});

describe('domain/replayClock: where a replayed session stands', () => {
  it('09:30 at the start, the lunch break skipped, held at 15:00 at the end', () => {
    const minute = 60_000;
    expect([0, 1, 90, 120, 121, 240, 500].map((minutes) => replayTimeOf((minutes * minute) / 20, 20))).to.deep.equal([
      '09:30:00',
      '09:31:00',
      '11:00:00',
      '11:30:00',
      '13:01:00',
      '15:00:00',
      '15:00:00',
    ]);
    expect(replayTimeOf(1500, 20)).to.equal('09:30:30');
  });
});
