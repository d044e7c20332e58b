import { expect } from 'chai';
import { loadDemoDataIfEmpty } from '../../src/ingest/demo';
import { useTestDb } from '../support/testDb';

describe('demo dataset (db/demo)', () => {
  const testDb = useTestDb();
  let loaded: number;
  before(async function () {
    // The whole demo, then its audit: on MariaDB beside other work, more than the default 20 s.
    this.timeout(90_000);
    loaded = await loadDemoDataIfEmpty(testDb.db);
  });

  it('loads 000001.SZ daily bars of 2024 with their adjustment factors, ex-date step included', async () => {
    const bars = await testDb
      .db('daily_bars as d')
      .join('adj_factors as a', function () {
        this.on('a.ts_code', 'd.ts_code').andOn('a.trade_date', 'd.trade_date');
      })
      .where('d.ts_code', '000001.SZ')
      .whereBetween('d.trade_date', ['2024-01-01', '2024-12-31'])
      .orderBy('d.trade_date')
      .select('d.trade_date', 'd.close', 'd.amount', 'a.adj_factor');
    expect(bars).to.have.length(242);
    expect(bars[0]).to.deep.equal({ trade_date: '2024-01-02', close: 9.21, amount: 1075742250, adj_factor: 116.713 });
    expect(new Set(bars.map((bar) => bar.adj_factor)).size).to.be.greaterThan(1);
  });

  it('loads the real code changes, whose old codes are delisted in the Baostock list on the change day', async () => {
    expect(
      await testDb
        .db('code_changes')
        .where('change_date', '<', '2025-01-01')
        .orderBy('change_date')
        .select('old_code', 'new_code', 'change_date'),
    ).to.deep.equal([
      { old_code: '000022.SZ', new_code: '001872.SZ', change_date: '2018-12-26' },
      { old_code: '000043.SZ', new_code: '001914.SZ', change_date: '2019-12-16' },
    ]);
    // The Beijing Stock Exchange's 248 920 codes (bse_mapping.csv): the 2025-04-03 bar of 838163.BJ is 920163.BJ's.
    expect(
      await testDb.db('code_changes').where({ change_date: '2025-10-09' }).count({ n: '*' }).first(),
    ).to.deep.equal({ n: 248 });
    expect(
      await testDb
        .db('securities')
        .whereIn('ts_code', ['000022.SZ', '000043.SZ'])
        .orderBy('ts_code')
        .select('delist_date'),
    ).to.deep.equal([{ delist_date: '2018-12-26' }, { delist_date: '2019-12-16' }]);
  });

  it('loads the 2025-04-03 market snapshot in yuan and shares, with turnover on the bars', async () => {
    expect(await testDb.db('daily_basic').where({ trade_date: '2025-04-03' }).count({ n: '*' }).first()).to.deep.equal({
      n: 5393,
    });
    const moutai = await testDb
      .db('daily_basic')
      .where({ ts_code: '600519.SH', trade_date: '2025-04-03' })
      .first('total_mv', 'total_share');
    expect(moutai.total_mv).to.be.closeTo(1.97e12, 0.01e12);
    expect(moutai.total_share).to.be.closeTo(1.256e9, 0.001e9);
    expect(
      await testDb
        .db('daily_bars')
        .where({ trade_date: '2025-04-03' })
        .whereNotNull('turnover')
        .count({ n: '*' })
        .first(),
    ).to.deep.equal({ n: 5393 });
  });

  it('loads the SSE calendar, index series, CSI 300 weights and 600519 statements', async () => {
    expect(await testDb.db('trade_calendar').where({ cal_date: '2024-10-01' }).first('is_open')).to.satisfy(
      (row: { is_open: unknown }) => !row.is_open,
    );
    expect(
      await testDb.db('daily_bars').where({ ts_code: '000300.SH', trade_date: '2024-01-02' }).first('close'),
    ).to.deep.equal({ close: 3386.35 });
    expect(await testDb.db('index_weights').where({ index_code: '399300.SZ' }).count({ n: '*' }).first()).to.deep.equal(
      { n: 600 },
    );
    expect(
      await testDb.db('income_statements').where({ ts_code: '600519.SH' }).count({ n: '*' }).first(),
    ).to.deep.equal({ n: 4 });
  });

  it('adds synthetic recent sessions of 000001.SZ, 600519.SH and 300750.SZ, an ETF and a convertible, up to the open day before today', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const [lastOpen] = await testDb
      .db('trade_calendar')
      .where({ exchange: 'SSE', is_open: 1 })
      .where('cal_date', '<', today)
      .max({ day: 'cal_date' });
    const newest = (await testDb
      .db('daily_bars')
      .where('trade_date', '>', '2025-04-03')
      .groupBy('ts_code')
      .select('ts_code')
      .max({ day: 'trade_date' })
      .orderBy('ts_code')) as { ts_code: string; day: string }[];
    expect(newest.filter((row) => row.day === lastOpen!.day).map((row) => row.ts_code)).to.deep.equal([
      '000001.SZ',
      '127999.SZ',
      '300750.SZ',
      '510300.SH',
      '600519.SH',
    ]);
    // The convertible sits at about 12 % over its conversion value on the underlying's synthetic close.
    const bond = await testDb
      .db('daily_bars')
      .where({ ts_code: '127999.SZ', trade_date: lastOpen!.day })
      .first('close');
    const stock = await testDb
      .db('daily_bars')
      .where({ ts_code: '000001.SZ', trade_date: lastOpen!.day })
      .first('close');
    expect(bond.close / ((stock.close * 100) / 11.5) - 1).to.be.within(0.07, 0.17);
    const sessions = await testDb
      .db('intraday_bars')
      .groupBy('ts_code')
      .select('ts_code')
      .count({ n: '*' })
      .orderBy('ts_code');
    expect(sessions).to.deep.equal(['000001.SZ', '300750.SZ', '600519.SH'].map((ts_code) => ({ ts_code, n: 720 })));
  });

  it('runs only on an empty database', async () => {
    expect(loaded).to.be.greaterThan(40_000);
    expect(await loadDemoDataIfEmpty(testDb.db)).to.equal(0);
  });
});
