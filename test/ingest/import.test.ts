import { expect } from 'chai';
import { importBundle } from '../../src/ingest/bundle';
import { dataVersion } from '../../src/db/dataVersions';
import { useTestDb } from '../support/testDb';
import { csv, DAILY_HEADER, snapshot, writeBundle } from './support/bundle';

const INCOME_HEADER =
  'ts_code,ann_date,f_ann_date,end_date,report_type,comp_type,end_type,revenue,n_income,not_a_column,update_flag';

const files = {
  'trade_cal.csv': csv(
    'exchange,cal_date,is_open,pretrade_date',
    'SSE,20240101,0,20231229',
    'SSE,20240102,1,20231229',
    'SSE,20240103,1,20240102',
  ),
  'daily.csv': csv(
    `${DAILY_HEADER},extra_column`,
    '000001.SZ,20240102,9.39,9.42,9.21,9.21,9.39,-0.18,-1.9169,1158366.45,1075742.25,x',
    '000001.SZ,20240103,9.19,9.22,9.15,9.2,9.21,-0.01,-0.1086,733610.31,673673.61,y',
  ),
  'adj_factor.csv': csv('ts_code,trade_date,adj_factor', '000001.SZ,20240102,116.713', '000001.SZ,20240103,116.713'),
  'daily_basic.csv': csv(
    'ts_code,trade_date,close,turnover_rate,total_share,float_share,total_mv,circ_mv',
    '000001.SZ,20240103,9.2,0.3781,1940591.8198,1940560.1869,17853444.742,17853153.3195',
  ),
  'income.csv': csv(
    INCOME_HEADER,
    '600519.SH,20220331,20220331,20211231,1,1,4,106190154843.76,55720529956.46,1,0',
    '600519.SH,20220331,20220331,20211231,1,1,4,106190154843.76,55720529956.50,1,1',
    '600519.SH,20220331,20220331,20211231,1,1,4,106190154843.76,55720529956.99,1,0',
    '600519.SH,20230331,20230331,20211231,1,1,4,106190154843.76,55720529957.00,1,0',
  ),
  'stk_mins.csv': csv(
    'ts_code,trade_time,open,close,high,low,vol,amount',
    '600519.SH,2024-01-02 09:31:00,1715,1716,1716.5,1714,12300,21100000',
    '600519.SH,2024-01-02 15:00:00,1700,1701,1701,1699,5000,8500000',
  ),
  'ticks.csv': csv(
    'ts_code,time,price,volume,amount,side',
    '600519.SH,2024-01-02 09:30:01,1715.00,100,171500,B',
    '600519.SH,2024-01-02 09:30:01,1715.01,200,343002,S',
    '600519.SH,2024-01-02 09:30:02,1715.02,100,171502,N',
  ),
};

describe('import of a Tushare-format bundle', () => {
  // Declared before the database's own after hook, so it stops what uses the database first.
  after(async () => {
    bundle.remove();
  });
  const testDb = useTestDb();
  let bundle: ReturnType<typeof writeBundle>;

  before(async () => {
    bundle = writeBundle(files);
    await importBundle(testDb.db, bundle.dir);
  });

  it('converts units once: amount thousand yuan → yuan, shares and market values ×10,000, dates ISO', async () => {
    const bar = await testDb.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: '2024-01-02' }).first();
    expect(bar).to.include({ open: 9.39, close: 9.21, vol: 1158366.45, amount: 1075742250, pct_chg: -1.9169 });
    const basic = await testDb.db('daily_basic').where({ ts_code: '000001.SZ' }).first();
    expect(basic).to.include({ trade_date: '2024-01-03', total_share: 19405918198, total_mv: 178534447420 });
  });

  it('stamps published_at and fills turnover from daily_basic where both exist', async () => {
    const bars = await testDb.db('daily_bars').orderBy('trade_date').select('trade_date', 'turnover', 'published_at');
    expect(bars.map((bar) => bar.turnover)).to.deep.equal([null, 0.3781]);
    for (const bar of bars) expect(bar.published_at).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps every announced statement version; for the same f_ann_date the higher update_flag wins', async () => {
    const rows = await testDb
      .db('income_statements')
      .orderBy('f_ann_date')
      .select('f_ann_date', 'update_flag', 'n_income', 'revenue');
    expect(rows).to.deep.equal([
      { f_ann_date: '2022-03-31', update_flag: 1, n_income: 55720529956.5, revenue: 106190154843.76 },
      { f_ann_date: '2023-03-31', update_flag: 0, n_income: 55720529957, revenue: 106190154843.76 },
    ]);
  });

  it('loads 1-minute bars and ticks, numbering ticks of the same second in file order', async () => {
    expect(await testDb.db('intraday_bars').count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    const ticks = await testDb.db('trades').orderBy(['trade_time', 'seq']).select('trade_time', 'seq', 'side');
    expect(ticks).to.deep.equal([
      { trade_time: '2024-01-02 09:30:01', seq: 0, side: 'B' },
      { trade_time: '2024-01-02 09:30:01', seq: 1, side: 'S' },
      { trade_time: '2024-01-02 09:30:02', seq: 0, side: 'N' },
    ]);
  });

  it('bumps the version of every data set it touched', async () => {
    for (const dataset of ['reference', 'market', 'financials', 'intraday'] as const)
      expect(await dataVersion(testDb.db, dataset)).to.be.greaterThan(0);
    expect(await dataVersion(testDb.db, 'events')).to.equal(0);
  });

  it('changes nothing when the same bundle is imported again', async () => {
    const tables = [
      'trade_calendar',
      'daily_bars',
      'adj_factors',
      'daily_basic',
      'income_statements',
      'intraday_bars',
      'trades',
    ];
    const before = await Promise.all(tables.map((table) => snapshot(testDb.db, table)));
    await importBundle(testDb.db, bundle.dir);
    expect(await Promise.all(tables.map((table) => snapshot(testDb.db, table)))).to.deep.equal(before);
  });

  it('a later file replaces stored bars and adds new ones in one batch, keeping published_at and turnover', async () => {
    await testDb.db('daily_bars').where({ trade_date: '2024-01-03' }).update({ published_at: '2000-01-01 00:00:00' });
    const before = await testDb.db('daily_bars').where({ trade_date: '2024-01-03' }).first('published_at', 'turnover');
    expect(before.turnover).to.equal(0.3781);
    const corrected = writeBundle({
      'daily.csv': csv(
        DAILY_HEADER,
        '000001.SZ,20240103,9.19,9.22,9.15,9.25,9.21,0.04,0.4343,733610.31,673673.61',
        '000001.SZ,20240104,9.25,9.3,9.2,9.28,9.25,0.03,0.3243,500000,460000',
      ),
    });
    try {
      await importBundle(testDb.db, corrected.dir);
    } finally {
      corrected.remove();
    }
    const bars = await testDb
      .db('daily_bars')
      .where('trade_date', '>=', '2024-01-03')
      .orderBy('trade_date')
      .select('trade_date', 'close', 'amount', 'published_at', 'turnover');
    expect(bars.map(({ trade_date, close, amount }) => ({ trade_date, close, amount }))).to.deep.equal([
      { trade_date: '2024-01-03', close: 9.25, amount: 673673610 },
      { trade_date: '2024-01-04', close: 9.28, amount: 460000000 },
    ]);
    expect(bars[0]).to.include(before);
    await testDb.db('daily_bars').where({ trade_date: '2024-01-04' }).delete();
  });

  it('does not let a lower update_flag of a later file replace a stored version', async () => {
    const older = writeBundle({
      'income.csv': csv(INCOME_HEADER, '600519.SH,20220331,20220331,20211231,1,1,4,1,2,1,0'),
    });
    try {
      await importBundle(testDb.db, older.dir);
    } finally {
      older.remove();
    }
    const row = await testDb
      .db('income_statements')
      .where({ f_ann_date: '2022-03-31' })
      .first('n_income', 'update_flag');
    expect(row).to.deep.equal({ n_income: 55720529956.5, update_flag: 1 });
  });
});
