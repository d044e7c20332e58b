import { expect } from 'chai';
import type { Knex } from 'knex';
import { dataVersion } from '../../src/db/dataVersions';
import { storedDayNumbers, storeDayNumbers } from '../../src/db/storedDays';
import { rowRecords } from '../../src/ingest/csvRecords';
import { loadRecords } from '../../src/ingest/loadTable';
import { daily } from '../../src/loaders/dailyBars';
import { DAY_LAYOUT } from '../../src/modules/market/dayColumns.service';
import { insertSecurities, loadMarket2024 } from '../support/marketData';
import { useKeyedServer } from '../support/server';

const DAY = '2024-06-14';
const CODES = ['000001.SZ', '000333.SZ', '000651.SZ', '000858.SZ'];

async function seed(db: Knex): Promise<void> {
  await loadMarket2024(db);
  await insertSecurities(db, [
    ...CODES.map((ts_code) => ({ ts_code, name: ts_code })),
    { ts_code: '000001.SH', name: '上证指数', kind: 'index' },
  ]);
  await db('securities').where({ ts_code: '000333.SZ' }).update({ industry: '家用电器' });
}

/** daily.csv's row of Ping An Bank on a day, with its close as given (a correction). */
const pingAnBar = (tradeDate: string, close: string) => ({
  ts_code: '000001.SZ',
  trade_date: tradeDate.replaceAll('-', ''),
  open: '10.15',
  high: '10.23',
  low: '9.99',
  close,
  pre_close: '10.08',
  change: '0.1',
  pct_chg: '0.99',
  vol: '1637990.47',
  amount: '1657433.96',
});

describe('stored days: a whole day read once is kept as one row, forgotten by the loads that change it', () => {
  const store = useKeyedServer(seed);
  const storedRows = (date = DAY) => store.db('stored_days').where({ trade_date: date }).count({ n: '*' });
  /** The stored day, once the read that stores it (after its answer) has. */
  async function stored(date = DAY) {
    for (let tries = 0; tries < 200; tries++) {
      const day = await storedDayNumbers(store.db, date, DAY_LAYOUT);
      if (day !== null) return day;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${date} was never stored`);
  }
  const closes = async (query = '') =>
    (await store.get(`/v1/market/cross-section?date=${DAY}&fields=close${query}`)).body.data.securities.map(
      (row: { symbol: string; close: number }) => [row.symbol, row.close],
    );

  beforeEach(() => store.db('stored_days').del());

  it("the first read stores the day's codes and numbers; the next read of it, in any form, answers from them", async () => {
    const first = await store.get(`/v1/market/cross-section?date=${DAY}`);
    const day = await stored();
    expect(day.codes).to.deep.equal(['000001.SH', ...CODES]);
    // A stored close changed under the server: the next read answers it, so it read the stored row.
    const closeAt = DAY_LAYOUT.split(',').indexOf('close');
    const stride = DAY_LAYOUT.split(',').length;
    day.numbers[1 * stride + closeAt] = 99;
    await store
      .db('stored_days')
      .where({ trade_date: DAY })
      .update({ numbers: Buffer.from(day.numbers.buffer) });
    const before = first.body.data.securities.map((row: { symbol: string; close: number }) => [row.symbol, row.close]);
    expect(before.map(([symbol]: [string]) => symbol)).to.deep.equal(CODES);
    expect(await closes()).to.deep.equal([['000001.SZ', 99], ...before.slice(1)]);
  });

  it('a load of the day forgets it, the next read stores the corrected rows; a load of another day keeps it', async () => {
    await store.get(`/v1/market/cross-section?date=${DAY}&fields=open`);
    await stored();
    await loadRecords(store.db, 'daily.csv', rowRecords([pingAnBar('2024-06-13', '10.08')]), daily);
    expect(await storedRows()).to.deep.equal([{ n: 1 }]);
    await loadRecords(store.db, 'daily.csv', rowRecords([pingAnBar(DAY, '10.5')]), daily);
    expect(await storedRows()).to.deep.equal([{ n: 0 }]);
    expect((await closes('&exchange=SZSE'))[0]).to.deep.equal(['000001.SZ', 10.5]);
    const restored = await stored();
    expect(restored.numbers[restored.codes.indexOf('000001.SZ') * DAY_LAYOUT.split(',').length + 3]).to.equal(10.5);
  });

  it('a day read before a load committed is not kept; one read under the current version is', async () => {
    const day = { codes: ['000001.SZ'], numbers: new Float64Array(DAY_LAYOUT.split(',').length).fill(1) };
    const now = await dataVersion(store.db, 'market');
    await storeDayNumbers(store.db, DAY, DAY_LAYOUT, day, now - 1);
    expect(await storedRows()).to.deep.equal([{ n: 0 }]);
    await storeDayNumbers(store.db, DAY, DAY_LAYOUT, day, now);
    expect(await storedDayNumbers(store.db, DAY, DAY_LAYOUT)).to.deep.equal(day);
  });

  it('a day stored in another layout is read again and replaced; one industry is not stored', async () => {
    await store.db('stored_days').insert({
      trade_date: DAY,
      layout: 'close',
      codes: '000001.SZ',
      numbers: Buffer.from(new Float64Array([99]).buffer),
      stored_at: '2024-06-14 16:00:00',
    });
    const barOfTable = await store.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: DAY }).first('close');
    expect((await closes('&board=main'))[0]).to.deep.equal(['000001.SZ', barOfTable.close]);
    expect((await stored()).codes).to.have.length(5);
    await store.db('stored_days').del();
    const industry = await store.get(`/v1/market/cross-section?date=${DAY}&industry=${encodeURIComponent('家用电器')}`);
    expect(industry.body.data.securities.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['000333.SZ']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedRows()).to.deep.equal([{ n: 0 }]);
  });
});
