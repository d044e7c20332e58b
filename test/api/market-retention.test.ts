import { expect } from 'chai';
import mysql from 'mysql2/promise';
import { isSqlite } from '../../src/db/dialect';
import { dataVersion } from '../../src/db/dataVersions';
import { partitionsOf } from '../../src/db/minutePartitions';
import { pruneMinuteData } from '../../src/modules/market/retention.service';
import { useTestDb } from '../support/testDb';

describe('market: minute data retention', () => {
  const testDb = useTestDb({ each: true });

  it('deletes minute bars and ticks older than the retention window, keeps the rest, bumps intraday', async () => {
    const { db } = testDb;
    const bar = (trade_time: string) => ({
      ts_code: '000001.SZ',
      trade_time,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      vol: 1,
      amount: 1,
    });
    await db('intraday_bars').insert(
      ['2024-08-30 15:00:00', '2024-09-01 09:31:00', '2024-09-02 09:31:00', '2024-11-29 15:00:00'].map(bar),
    );
    await db('trades').insert([
      { ts_code: '000001.SZ', trade_time: '2024-08-01 10:00:00', seq: 0, price: 1, volume: 1, amount: 1, side: 'B' },
      { ts_code: '000001.SZ', trade_time: '2024-11-29 10:00:00', seq: 0, price: 1, volume: 1, amount: 1, side: 'S' },
    ]);
    // 2024-11-30 20:00 in Beijing; 90 days back is 2024-09-01, the first day kept
    const deleted = await pruneMinuteData(db, 90, new Date('2024-11-30T12:00:00Z'));
    expect(deleted).to.equal(2);
    expect((await db('intraday_bars').orderBy('trade_time').pluck('trade_time')).map(String)).to.deep.equal([
      '2024-09-01 09:31:00',
      '2024-09-02 09:31:00',
      '2024-11-29 15:00:00',
    ]);
    expect(await db('trades').pluck('side')).to.deep.equal(['S']);
    expect(await dataVersion(db, 'intraday')).to.equal(1);
    expect(await pruneMinuteData(db, 90, new Date('2024-11-30T12:00:00Z'))).to.equal(0);
  });

  it('MySQL/MariaDB: a day that leaves the window goes as its partition, each day of the next week gets one', async function () {
    const { db } = testDb;
    if (isSqlite(db)) this.skip(); // SQLite has no partitions: the batched deletes above are its whole path
    const bar = (trade_time: string) => ({
      ts_code: '600519.SH',
      trade_time,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      vol: 1,
      amount: 1,
    });
    await db('intraday_bars').insert(
      ['2025-03-03 09:31:00', '2025-03-03 15:00:00', '2025-03-04 09:31:00', '2025-03-05 09:31:00'].map(bar),
    );
    // Another process (a worker, another server) holds the retention lock: this one skips its round
    const other = await mysql.createConnection(testDb.url);
    await other.query("select get_lock('ashare_minute_retention', 0)");
    expect(await pruneMinuteData(db, 2, new Date('2025-03-06T04:00:00Z'))).to.equal(0);
    expect(await partitionsOf(db, 'intraday_bars')).to.deep.equal(['p_future']);
    // Released in a statement: a closed connection's locks go when the server has processed the disconnect,
    // which can be after the next statement of this one
    await other.query("select release_lock('ashare_minute_retention')");
    await other.end();
    // Beijing 2025-03-06: keep from 2025-03-04 (2 days); the first run splits the table, the old day by delete
    expect(await pruneMinuteData(db, 2, new Date('2025-03-06T04:00:00Z'))).to.equal(2);
    expect(await partitionsOf(db, 'intraday_bars')).to.deep.equal([
      'before_20250304',
      'before_20250305',
      'before_20250306',
      'before_20250307',
      'before_20250308',
      'before_20250309',
      'before_20250310',
      'before_20250311',
      'before_20250312',
      'before_20250313',
      'before_20250314',
      'p_future',
    ]);
    // A day later 2025-03-04 leaves the window: its partition (and the empty one before it) is dropped, 2025-03-14 added
    expect(await pruneMinuteData(db, 2, new Date('2025-03-07T04:00:00Z'))).to.equal(1);
    const partitions = await partitionsOf(db, 'intraday_bars');
    expect([partitions[0], partitions.at(-2), partitions.length]).to.deep.equal([
      'before_20250306',
      'before_20250315',
      11,
    ]);
    expect((await db('intraday_bars').pluck('trade_time')).map(String)).to.deep.equal(['2025-03-05 09:31:00']);
    expect(await partitionsOf(db, 'trades')).to.deep.equal(partitions);
  });
});
