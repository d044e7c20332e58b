import { expect } from 'chai';
import {
  daysBeyondRetention,
  parseSnapshotRetention,
  SNAPSHOT_BUCKETS,
  snapshotBucketOf,
  snapshotRecordOf,
} from '../../src/domain/market/snapshotRecords';
import { snapshotAt } from '../support/quoteServer';

describe('recorded snapshots: buckets, records and retention', () => {
  it("a security's bucket is the same every time and spreads the market over all of them", () => {
    expect(snapshotBucketOf('600519.SH')).to.equal(snapshotBucketOf('600519.SH'));
    const codes = Array.from({ length: 5500 }, (_, i) => `${String(i).padStart(6, '0')}.SZ`);
    const counts = new Map<number, number>();
    for (const code of codes) counts.set(snapshotBucketOf(code), (counts.get(snapshotBucketOf(code)) ?? 0) + 1);
    expect(counts.size).to.equal(SNAPSHOT_BUCKETS);
    // 43 a bucket on average: none more than twice that.
    expect(Math.max(...counts.values())).to.be.below(86);
  });

  it('a record: the instant taken, the market time as an instant, the book five levels a side, none as null', () => {
    const snapshot = snapshotAt('2026-11-27', '000001.SZ', '平安银行', '10:15:03', {
      last: 11.2,
      volume: 1000,
      amount: 11200,
      bids: [[11.2, 500]],
      asks: [
        [11.21, 300],
        [11.22, 100],
      ],
    });
    const record = snapshotRecordOf(snapshot, 1764209703120, 'tencent');
    expect([record.taken_at, record.quote_time, record.source]).to.deep.equal([
      1764209703120,
      Date.parse('2026-11-27T10:15:03+08:00'),
      'tencent',
    ]);
    // last, open, high, low, pre_close, volume, amount, bid prices 1-5, bid volumes 1-5, ask prices, ask volumes.
    expect(record.numbers.slice(5, 27)).to.deep.equal([
      1000,
      11200,
      11.2,
      null,
      null,
      null,
      null,
      500,
      null,
      null,
      null,
      null,
      11.21,
      11.22,
      null,
      null,
      null,
      300,
      100,
      null,
      null,
      null,
    ]);
  });

  it('retention: the newest days by count, or the newest that fit in the bytes (the newest always)', () => {
    const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date) => ({ date, bytes: 2 ** 30 }));
    expect(daysBeyondRetention(days, parseSnapshotRetention('2d'))).to.deep.equal(['2026-11-25', '2026-11-24']);
    expect(daysBeyondRetention(days, parseSnapshotRetention('2.5GB'))).to.deep.equal(['2026-11-25', '2026-11-24']);
    expect(daysBeyondRetention(days, parseSnapshotRetention('0.5GB'))).to.deep.equal([
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
    ]);
    expect(daysBeyondRetention(days, parseSnapshotRetention('off'))).to.deep.equal([]);
    expect(() => parseSnapshotRetention('a week')).to.throw(/SNAPSHOT_RETENTION must be/);
  });
});
