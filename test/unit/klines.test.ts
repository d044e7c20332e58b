import { expect } from 'chai';
import { unadjustedBars, type RawDailyBar } from '../../src/domain/market/adjust';
import {
  bucketEnd,
  canonicalInterval,
  dailyKline,
  isMinuteInterval,
  minuteKlines,
  minutesOf,
  periodKlines,
  type MinuteBar,
} from '../../src/domain/market/klines';
import { dailyBars2024 } from '../support/marketData';

describe('domain/klines', () => {
  it('knows every value of the frequency table and tells 1m from 1M', () => {
    expect(
      [
        '1m',
        '5m',
        '15m',
        '30m',
        '60m',
        '1h',
        'daily',
        '1d',
        'weekly',
        '1w',
        'monthly',
        '1M',
        'quarterly',
        '1q',
        'yearly',
        '1y',
      ].map(canonicalInterval),
    ).to.deep.equal([
      '1m',
      '5m',
      '15m',
      '30m',
      '60m',
      '60m',
      'daily',
      'daily',
      'weekly',
      'weekly',
      'monthly',
      'monthly',
      'quarterly',
      'quarterly',
      'yearly',
      'yearly',
    ]);
    expect(canonicalInterval('2m')).to.equal(null);
    expect(canonicalInterval('toString')).to.equal(null);
  });

  it('tells minute intervals and their length', () => {
    expect(['1m', '60m', 'daily', 'monthly'].map((value) => isMinuteInterval(canonicalInterval(value)!))).to.deep.equal(
      [true, true, false, false],
    );
    expect(['1m', '5m', '15m', '30m', '60m'].map((value) => minutesOf(value as '1m'))).to.deep.equal([
      1, 5, 15, 30, 60,
    ]);
  });

  describe('weekly bars on a week with a holiday (Qingming, 4-5 April 2024)', () => {
    const raw = dailyBars2024(['000001.SZ'])
      .filter((bar) => bar.trade_date >= '2024-03-25' && bar.trade_date <= '2024-04-12')
      .map((bar) => ({ ...bar, adj_factor: null }) as unknown as RawDailyBar);
    const days = unadjustedBars([...raw].reverse()).reverse();
    const open = [
      '2024-03-25',
      '2024-03-26',
      '2024-03-27',
      '2024-03-28',
      '2024-03-29',
      '2024-04-01',
      '2024-04-02',
      '2024-04-03',
      '2024-04-08',
      '2024-04-09',
      '2024-04-10',
      '2024-04-11',
      '2024-04-12',
    ];

    it('aggregates the three open days by hand', () => {
      const week = periodKlines(days, 'weekly', '2024-04-12', open).find((kline) => kline.time === '2024-04-03');
      // 04-01 O 10.52 H 10.65 L 10.51 C 10.64 V 1191088 · 04-02 H 10.68 L 10.53 V 1085458 · 04-03 H 10.55 L 10.42 C 10.46 V 981846
      expect(week).to.deep.equal({
        time: '2024-04-03',
        open: 10.52,
        high: 10.68,
        low: 10.42,
        close: 10.46,
        pre_close: 10.52,
        change: -0.06,
        pct_change: -0.5703,
        volume: 1191088 + 1085458 + 981846,
        amount: 3440120060, // (1261770.38 + 1149700.80 + 1028648.88) thousand yuan
      });
    });

    it('the holiday week is closed on its Wednesday; the running week is left out', () => {
      const asOfWednesday = periodKlines(
        days.filter((d) => d.date <= '2024-04-03'),
        'weekly',
        '2024-04-03',
        open,
      );
      expect(asOfWednesday.map((k) => k.time)).to.deep.equal(['2024-03-29', '2024-04-03']);
      const asOfTuesday = periodKlines(
        days.filter((d) => d.date <= '2024-04-09'),
        'weekly',
        '2024-04-09',
        open,
      );
      expect(asOfTuesday.map((k) => k.time)).to.deep.equal(['2024-03-29', '2024-04-03']);
    });

    it('a daily bar becomes a kline dated by its day', () => {
      expect(dailyKline(days[0]!)).to.include({ time: '2024-03-25', close: days[0]!.close });
    });
  });

  it('a period without pre_close takes the close of the period before (index files)', () => {
    const bar = (date: string, close: number) => ({
      date,
      open: close,
      high: close,
      low: close,
      close,
      pre_close: null,
      change: null,
      pct_change: null,
      volume: 1,
      amount: 1,
      turnover: null,
    });
    const klines = periodKlines([bar('2024-01-31', 10), bar('2024-02-29', 11)], 'monthly', '2024-02-29', [
      '2024-01-31',
      '2024-02-29',
    ]);
    expect(klines.map((k) => k.pre_close)).to.deep.equal([null, 10]);
    expect(klines[1]).to.include({ change: 1, pct_change: 10 });
  });

  describe('minute bars', () => {
    it('buckets count from the session start; 60-minute bars end at 10:30, 11:30, 14:00, 15:00', () => {
      expect(bucketEnd('2024-12-31 09:31:00', 5)).to.equal('2024-12-31 09:35:00');
      expect(bucketEnd('2024-12-31 09:30:00', 5)).to.equal('2024-12-31 09:35:00');
      expect(bucketEnd('2024-12-31 09:36:00', 5)).to.equal('2024-12-31 09:40:00');
      expect(bucketEnd('2024-12-31 11:30:00', 30)).to.equal('2024-12-31 11:30:00');
      expect(bucketEnd('2024-12-31 10:31:00', 60)).to.equal('2024-12-31 11:30:00');
      expect(bucketEnd('2024-12-31 13:01:00', 60)).to.equal('2024-12-31 14:00:00');
      expect(bucketEnd('2024-12-31 15:00:00', 60)).to.equal('2024-12-31 15:00:00');
      expect(bucketEnd('2024-12-31 13:01:00', 1)).to.equal('2024-12-31 13:01:00');
    });

    it('drops bars outside the normal sessions', () => {
      for (const time of ['09:25:00', '11:31:00', '12:00:00', '15:01:00', '15:30:00', '09:31:30']) {
        expect(bucketEnd(`2024-12-31 ${time}`, 1), time).to.equal(null);
      }
    });

    it('aggregates one-minute bars, adjusts prices by the ratio of the day, volume shares → lots', () => {
      const bar = (time: string, open: number, high: number, low: number, close: number): MinuteBar => ({
        trade_time: `2024-12-31 ${time}`,
        open,
        high,
        low,
        close,
        vol: 1000,
        amount: 10000,
      });
      const klines = minuteKlines(
        [
          bar('09:31:00', 10, 11, 9, 10.5),
          bar('09:32:00', 10.5, 12, 10, 11),
          bar('09:36:00', 11, 11, 11, 11),
          bar('12:00:00', 1, 1, 1, 1),
        ],
        5,
        () => 0.5,
      );
      expect(klines).to.deep.equal([
        { time: '2024-12-31 09:35:00', open: 5, high: 6, low: 4.5, close: 5.5, volume: 20, amount: 20000 },
        { time: '2024-12-31 09:40:00', open: 5.5, high: 5.5, low: 5.5, close: 5.5, volume: 10, amount: 10000 },
      ]);
    });

    it('gives a fund’s or a bond’s prices at its tick of 0.001 yuan, a share’s at the cent', () => {
      const fund: MinuteBar = {
        trade_time: '2024-12-31 09:31:00',
        open: 3.622,
        high: 3.626,
        low: 3.618,
        close: 3.624,
        vol: 100,
        amount: 362,
      };
      const [share] = minuteKlines([fund], 1, () => 0.5);
      const [etf] = minuteKlines([fund], 1, () => 0.5, 3);
      expect([share!.open, share!.close, etf!.open, etf!.high, etf!.low, etf!.close]).to.deep.equal([
        1.81, 1.81, 1.811, 1.813, 1.809, 1.812,
      ]);
    });
  });
});
