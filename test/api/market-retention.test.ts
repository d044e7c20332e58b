import { expect } from 'chai';
import { dataVersion } from '../../src/db/dataVersions';
import { pruneMinuteData } from '../../src/modules/market/retention.service';
import { useTestDb } from '../support/testDb';

describe('market: minute data retention', () => {
  const testDb = useTestDb();

  it('deletes minute bars and ticks older than the retention window, keeps the rest, bumps intraday', async () => {
    const { db } = testDb;
    const bar = (trade_time: string) => ({ ts_code: '000001.SZ', trade_time, open: 1, high: 1, low: 1, close: 1, vol: 1, amount: 1 });
    await db('intraday_bars').insert(['2024-08-30 15:00:00', '2024-09-01 09:31:00', '2024-09-02 09:31:00', '2024-11-29 15:00:00'].map(bar));
    await db('trades').insert([{ ts_code: '000001.SZ', trade_time: '2024-08-01 10:00:00', seq: 0, price: 1, volume: 1, amount: 1, side: 'B' }, { ts_code: '000001.SZ', trade_time: '2024-11-29 10:00:00', seq: 0, price: 1, volume: 1, amount: 1, side: 'S' }]);
    // 2024-11-30 20:00 in Beijing; 90 days back is 2024-09-01, the first day kept
    const deleted = await pruneMinuteData(db, 90, new Date('2024-11-30T12:00:00Z'));
    expect(deleted).to.equal(2);
    expect((await db('intraday_bars').orderBy('trade_time').pluck('trade_time')).map(String)).to.deep.equal(['2024-09-01 09:31:00', '2024-09-02 09:31:00', '2024-11-29 15:00:00']);
    expect(await db('trades').pluck('side')).to.deep.equal(['S']);
    expect(await dataVersion(db, 'intraday')).to.equal(1);
    expect(await pruneMinuteData(db, 90, new Date('2024-11-30T12:00:00Z'))).to.equal(0);
  });
});
