import { expect } from 'chai';
import { dataVersion } from '../../src/db/dataVersions';
import { TushareError } from '../../src/ingest/tushare/client';
import { syncTushare } from '../../src/ingest/tushare/sync';
import { createTestDb, type TestDb } from '../support/testDb';
import { BAD_TOKEN, ok, PER_MINUTE_LIMIT, startTushareReplay, type Answer, type TushareRequest } from './support/tushareReplay';

const CALENDAR = ok(
  ['exchange', 'cal_date', 'is_open', 'pretrade_date'],
  [
    ['SSE', '20240101', 0, '20231229'],
    ['SSE', '20240102', 1, '20231229'],
    ['SSE', '20240103', 1, '20240102'],
    ['SSE', '20240104', 1, '20240103'],
  ],
);

/** Two stocks a day, in Tushare's units (amount thousand yuan, shares 10,000). */
function upstream(request: TushareRequest): Answer {
  const day = request.params.trade_date!;
  switch (request.api_name) {
    case 'trade_cal':
      return CALENDAR;
    case 'stock_basic':
      return request.params.list_status === 'L'
        ? ok(['ts_code', 'symbol', 'name', 'list_date'], [['000001.SZ', '000001', '平安银行', '19910403'], ['600519.SH', '600519', '贵州茅台', '20010827']])
        : ok(['ts_code', 'symbol', 'name', 'list_date'], []);
    case 'daily':
      return ok(
        ['ts_code', 'trade_date', 'open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_chg', 'vol', 'amount'],
        [['000001.SZ', day, 9.39, 9.42, 9.21, 9.21, 9.39, -0.18, -1.9169, 1158366.45, 1075742.25], ['600519.SH', day, 1715, 1718, 1690, 1685.01, 1726, -40.99, -2.3749, 32155.18, 5474510.55]],
      );
    case 'adj_factor':
      return ok(['ts_code', 'trade_date', 'adj_factor'], [['000001.SZ', day, 116.713], ['600519.SH', day, 8.0]]);
    case 'daily_basic':
      return ok(['ts_code', 'trade_date', 'turnover_rate', 'total_share', 'total_mv'], [['000001.SZ', day, 0.5969, 1940591.8198, 17872850.6]]);
    default:
      return { code: 40101, msg: `unknown api ${request.api_name}`, data: null };
  }
}

const datesOf = (calls: TushareRequest[], api: string) => calls.filter((call) => call.api_name === api).map((call) => call.params.trade_date);

describe('sync from Tushare Pro (local replay server)', () => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb();
  });
  afterEach(() => testDb.drop());

  const sync = (url: string, extra: Partial<Parameters<typeof syncTushare>[1]> = {}) =>
    syncTushare(testDb.db, { url, token: 't0ken', from: '2024-01-01', to: '2024-01-04', retryDelayMs: 5, maxRetries: 2, ...extra });

  it('fetches the calendar, then each open day of each table, through the CSV loaders and units', async () => {
    const replay = await startTushareReplay(upstream);
    try {
      await sync(replay.url);
      expect(replay.calls[0]).to.deep.include({ api_name: 'stock_basic', token: 't0ken' });
      expect(datesOf(replay.calls, 'daily')).to.deep.equal(['20240102', '20240103', '20240104']);
    } finally {
      await replay.close();
    }
    const bar = await testDb.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: '2024-01-03' }).first();
    expect(bar).to.include({ amount: 1075742250, turnover: 0.5969 });
    expect(bar.published_at).to.be.a('string');
    expect(await testDb.db('daily_basic').where({ ts_code: '000001.SZ', trade_date: '2024-01-02' }).first('total_mv')).to.deep.equal({ total_mv: 178728506000 });
    expect(await testDb.db('securities').count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    expect(await testDb.db('sync_progress').where({ api_name: 'adj_factor' }).orderBy('part').pluck('part')).to.deep.equal(['2024-01-02', '2024-01-03', '2024-01-04']);
    expect(await dataVersion(testDb.db, 'market')).to.be.greaterThan(0);
  });

  it('backs off and retries on the per-minute limit reply', async () => {
    let limited = 0;
    const replay = await startTushareReplay((request) => (request.api_name === 'daily' && limited++ < 2 ? PER_MINUTE_LIMIT : upstream(request)));
    const log: string[] = [];
    try {
      await sync(replay.url, { only: ['daily'], log: (line) => log.push(line) });
      expect(datesOf(replay.calls, 'daily')).to.deep.equal(['20240102', '20240102', '20240102', '20240103', '20240104']);
    } finally {
      await replay.close();
    }
    expect(log.filter((line) => line.includes('每分钟最多访问该接口'))).to.have.length(2);
    expect(await testDb.db('daily_bars').count({ n: '*' }).first()).to.deep.equal({ n: 6 });
  });

  it('stops with Tushare\'s message on an error reply, loading nothing', async () => {
    const replay = await startTushareReplay(() => BAD_TOKEN);
    try {
      const failure = await sync(replay.url).catch((err: unknown) => err);
      expect(failure).to.be.instanceOf(TushareError);
      expect((failure as Error).message).to.equal('tushare stock_basic: 抱歉，您的token不对，请确认。 (code 40101)');
      expect(replay.calls).to.have.length(1);
    } finally {
      await replay.close();
    }
    expect(await testDb.db('securities').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('resumes after a crash with the days it had not finished', async () => {
    const broken = await startTushareReplay((request) => (request.api_name === 'daily' && request.params.trade_date === '20240104' ? { httpStatus: 502 } : upstream(request)));
    try {
      const failure = await sync(broken.url, { only: ['daily', 'adj_factor'] }).catch((err: unknown) => err);
      expect((failure as Error).message).to.equal('tushare daily: gave up after 3 attempts: HTTP 502');
    } finally {
      await broken.close();
    }
    expect(await testDb.db('sync_progress').where({ api_name: 'daily' }).orderBy('part').pluck('part')).to.deep.equal(['2024-01-02', '2024-01-03']);

    const healthy = await startTushareReplay(upstream);
    try {
      await sync(healthy.url, { only: ['daily', 'adj_factor'] });
      expect(datesOf(healthy.calls, 'daily')).to.deep.equal(['20240104']);
      expect(datesOf(healthy.calls, 'adj_factor')).to.deep.equal(['20240102', '20240103', '20240104']);
    } finally {
      await healthy.close();
    }
    expect(await testDb.db('daily_bars').count({ n: '*' }).first()).to.deep.equal({ n: 6 });
  });

  it('does not mark a day finished when upstream has no rows for it yet', async () => {
    const replay = await startTushareReplay((request) =>
      request.api_name === 'daily' && request.params.trade_date === '20240104' ? ok(['ts_code', 'trade_date'], []) : upstream(request),
    );
    try {
      await sync(replay.url, { only: ['daily'] });
      await sync(replay.url, { only: ['daily'] });
      expect(datesOf(replay.calls, 'daily')).to.deep.equal(['20240102', '20240103', '20240104', '20240104']);
    } finally {
      await replay.close();
    }
  });

  it('refuses an unknown table name', async () => {
    const failure = await sync('http://127.0.0.1:1/', { only: ['daily', 'weekly'] }).catch((err: unknown) => err);
    expect((failure as Error).message).to.match(/unknown API for sync: weekly/);
  });
});
