import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { dataVersion } from '../../src/db/dataVersions';
import { allOpenDays, calendarThrough } from '../../src/db/sessionCoverage';
import { addDays } from '../../src/domain/time/calendar';
import { compactToIsoDate } from '../../src/domain/time/dates';
import { marketStatusAt } from '../../src/domain/time/marketStatus';
import { OpenDays } from '../../src/domain/time/openDays';
import { compact } from '../../src/domain/time/syncPeriods';
import { TushareError } from '../../src/ingest/tushare/tushareClient';
import { syncTushare } from '../../src/ingest/tushare/tushareSync';
import { runUpdate } from '../../src/ingest/update/runUpdate';
import { tushareSessions } from '../../src/ingest/update/tushareSessions';
import { useTestDb } from '../support/testDb';
import { insertSecurities } from '../support/marketData';
import {
  BAD_TOKEN,
  ok,
  PER_MINUTE_LIMIT,
  startTushareReplay,
  type Answer,
  type TushareRequest,
} from './support/tushareReplay';

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
        ? ok(
            ['ts_code', 'symbol', 'name', 'list_date'],
            [
              ['000001.SZ', '000001', '平安银行', '19910403'],
              ['600519.SH', '600519', '贵州茅台', '20010827'],
            ],
          )
        : ok(['ts_code', 'symbol', 'name', 'list_date'], []);
    case 'daily':
      return ok(
        ['ts_code', 'trade_date', 'open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_chg', 'vol', 'amount'],
        [
          ['000001.SZ', day, 9.39, 9.42, 9.21, 9.21, 9.39, -0.18, -1.9169, 1158366.45, 1075742.25],
          ['600519.SH', day, 1715, 1718, 1690, 1685.01, 1726, -40.99, -2.3749, 32155.18, 5474510.55],
        ],
      );
    case 'adj_factor':
      return ok(
        ['ts_code', 'trade_date', 'adj_factor'],
        [
          ['000001.SZ', day, 116.713],
          ['600519.SH', day, 8.0],
        ],
      );
    case 'daily_basic':
      return ok(
        ['ts_code', 'trade_date', 'turnover_rate', 'total_share', 'total_mv'],
        [['000001.SZ', day, 0.5969, 1940591.8198, 17872850.6]],
      );
    case 'moneyflow':
      return ok(
        ['ts_code', 'trade_date', 'buy_sm_vol', 'buy_sm_amount', 'net_mf_vol', 'net_mf_amount'],
        [['000001.SZ', day, 120350, 14380.45, 2850, 340.12]],
      );
    case 'margin_detail':
      return ok(
        ['trade_date', 'ts_code', 'name', 'rzye', 'rqyl'],
        [[day, '000001.SZ', '平安银行', 5123456789.0, 1056700.0]],
      );
    case 'hk_hold':
      return ok(
        ['code', 'trade_date', 'ts_code', 'name', 'vol', 'ratio', 'exchange'],
        [
          ['70001', day, '000001.SZ', '平安银行', 1035678912, 5.34, 'SZ'],
          ['00700', day, '00700.HK', '腾讯控股', 1532748001, 16.42, 'HK'],
        ],
      );
    case 'limit_list_d':
      return ok(
        ['trade_date', 'ts_code', 'industry', 'name', 'close', 'first_time', 'limit'],
        [[day, '000001.SZ', '银行', '平安银行', 12.87, '093512', 'U']],
      );
    case 'block_trade':
      return ok(
        ['ts_code', 'trade_date', 'price', 'vol', 'amount', 'buyer', 'seller'],
        [['000001.SZ', day, 11.5, 150.0, 1725.0, '机构专用', '华泰证券']],
      );
    case 'top_list':
      return ok(
        ['trade_date', 'ts_code', 'name', 'close', 'l_buy', 'reason'],
        [[day, '000001.SZ', '平安银行', 12.87, 345678901.0, '日涨幅偏离值达到7%的前5只证券']],
      );
    case 'top_inst':
      return ok(
        ['trade_date', 'ts_code', 'exalter', 'side', 'buy', 'sell', 'reason'],
        [[day, '000001.SZ', '机构专用', '0', 98765432.1, 1234567.0, '日涨幅偏离值达到7%的前5只证券']],
      );
    case 'margin':
      return ok(['trade_date', 'exchange_id', 'rzye', 'rqyl'], [[day, 'SSE', 967890123456.0, 987654321.0]]);
    case 'ths_index':
      return ok(
        ['ts_code', 'name', 'count', 'exchange', 'list_date', 'type'],
        [['885800.TI', '人形机器人', 92, 'A', '20230320', 'N']],
      );
    case 'ths_member':
      return ok(
        ['ts_code', 'con_code', 'con_name', 'is_new'],
        request.params.ts_code === '885800.TI' ? [['885800.TI', '000001.SZ', '平安银行', 'Y']] : [],
      );
    case 'top10_holders':
      return ok(
        ['ts_code', 'ann_date', 'end_date', 'holder_name', 'hold_amount'],
        request.params.ts_code === '600519.SH'
          ? [['600519.SH', '20231028', '20230930', '中国贵州茅台酒厂(集团)有限责任公司', 678291955]]
          : [],
      );
    case 'top10_floatholders':
      return ok(['ts_code', 'ann_date', 'end_date', 'holder_name', 'hold_amount'], []);
    case 'stk_holdernumber':
      return ok(
        ['ts_code', 'ann_date', 'end_date', 'holder_num'],
        request.params.ann_date === '20240103' ? [['000001.SZ', '20240103', '20231231', 490011]] : [],
      );
    case 'share_float':
      return ok(
        ['ts_code', 'ann_date', 'float_date', 'float_share', 'float_ratio', 'holder_name', 'share_type'],
        request.params.ann_date === '20240103'
          ? [['000001.SZ', '20240103', '20240110', 19405918.0, 0.1, '示例投资有限公司', '首发原股东限售股份']]
          : [],
      );
    case 'stk_limit':
      return ok(
        ['trade_date', 'ts_code', 'pre_close', 'up_limit', 'down_limit'],
        [
          [day, '000001.SZ', 9.39, 10.33, 8.45],
          [day, '600519.SH', 1726.0, 1898.6, 1553.4],
        ],
      );
    case 'forecast':
      return ok(
        ['ts_code', 'ann_date', 'end_date', 'type', 'p_change_min', 'net_profit_min', 'net_profit_max'],
        request.params.ann_date === '20240102'
          ? [['000001.SZ', '20240102', '20231231', '略减', -5.0, 4240000.0, null]]
          : [],
      );
    case 'express':
      return ok(
        ['ts_code', 'ann_date', 'end_date', 'revenue', 'n_income', 'is_audit'],
        request.params.ann_date === '20240102'
          ? [['000001.SZ', '20240102', '20231231', 164699000000.0, 46455000000.0, 0]]
          : [],
      );
    case 'repurchase':
      return ok(
        ['ts_code', 'ann_date', 'end_date', 'proc', 'exp_date', 'vol', 'amount', 'high_limit', 'low_limit'],
        request.params.ann_date === '20240101'
          ? [['600519.SH', '20240101', null, '预案', null, null, 6000000000.0, 1832.0, null]]
          : [],
      );
    case 'stk_holdertrade':
      return ok(
        ['ts_code', 'ann_date', 'holder_name', 'holder_type', 'in_de', 'change_vol', 'avg_price'],
        request.params.ann_date === '20240103'
          ? [['600519.SH', '20240103', '示例高管', 'G', 'DE', 1000.0, 1500.0]]
          : [],
      );
    case 'index_basic':
    case 'index_daily':
    case 'index_weight':
    case 'namechange':
    case 'dividend':
    case 'income_vip':
    case 'balancesheet_vip':
    case 'cashflow_vip':
    case 'stock_company':
    case 'index_classify':
    case 'index_member_all':
    case 'suspend_d':
    case 'anns_d':
    case 'bse_mapping':
      return ok(['ts_code'], []);
    default:
      return { code: 40101, msg: `unknown api ${request.api_name}`, data: null };
  }
}

const datesOf = (calls: TushareRequest[], api: string) =>
  calls.filter((call) => call.api_name === api).map((call) => call.params.trade_date);

describe('sync from Tushare Pro (local replay server)', () => {
  const testDb = useTestDb({ each: true });

  const sync = (url: string, extra: Partial<Parameters<typeof syncTushare>[1]> = {}) =>
    syncTushare(testDb.db, {
      url,
      token: 't0ken',
      from: '2024-01-01',
      to: '2024-01-04',
      retryDelayMs: 5,
      maxRetries: 2,
      ...extra,
    });

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
    expect(
      await testDb.db('daily_basic').where({ ts_code: '000001.SZ', trade_date: '2024-01-02' }).first('total_mv'),
    ).to.deep.equal({ total_mv: 178728506000 });
    expect(await testDb.db('securities').count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    expect(
      await testDb.db('sync_progress').where({ api_name: 'adj_factor' }).orderBy('part').pluck('part'),
    ).to.deep.equal(['2024-01-02', '2024-01-03', '2024-01-04']);
    // The datasets per open day, through their registries: money flow's 10,000 yuan → yuan; margin detail as sent.
    expect(datesOf(replay.calls, 'moneyflow')).to.deep.equal(['20240102', '20240103', '20240104']);
    expect(
      await testDb
        .db('money_flows')
        .where({ trade_date: '2024-01-03' })
        .first('buy_sm_vol', 'buy_sm_amount', 'net_mf_amount'),
    ).to.deep.equal({ buy_sm_vol: 120350, buy_sm_amount: 143804500, net_mf_amount: 3401200 });
    expect(await testDb.db('margin_details').where({ trade_date: '2024-01-03' }).first('rzye', 'rqyl')).to.deep.equal({
      rzye: 5123456789,
      rqyl: 1056700,
    });
    // Northbound holdings only: the southbound row (a Hong Kong code) is skipped.
    expect(
      await testDb.db('northbound_holdings').where({ trade_date: '2024-01-03' }).select('ts_code', 'vol', 'exchange'),
    ).to.deep.equal([{ ts_code: '000001.SZ', vol: 1035678912, exchange: 'SZ' }]);
    expect(
      await testDb
        .db('limit_lists')
        .where({ trade_date: '2024-01-03' })
        .select('ts_code', 'close', 'first_time', 'limit'),
    ).to.deep.equal([{ ts_code: '000001.SZ', close: 12.87, first_time: '093512', limit: 'U' }]);
    expect(
      await testDb.db('block_trades').where({ trade_date: '2024-01-03' }).select('ts_code', 'vol', 'amount'),
    ).to.deep.equal([{ ts_code: '000001.SZ', vol: 1_500_000, amount: 17_250_000 }]);
    expect(
      await testDb.db('top_lists').where({ trade_date: '2024-01-03' }).select('ts_code', 'l_buy', 'reason'),
    ).to.deep.equal([{ ts_code: '000001.SZ', l_buy: 345678901, reason: '日涨幅偏离值达到7%的前5只证券' }]);
    expect(
      await testDb.db('top_list_seats').where({ trade_date: '2024-01-03' }).select('exalter', 'side', 'buy'),
    ).to.deep.equal([{ exalter: '机构专用', side: '0', buy: 98765432.1 }]);
    expect(
      await testDb.db('margin_totals').where({ trade_date: '2024-01-03' }).select('exchange_id', 'rzye'),
    ).to.deep.equal([{ exchange_id: 'SSE', rzye: 967890123456 }]);
    // Boards, then each board's members.
    expect(await testDb.db('concept_members').select('ts_code', 'con_code', 'is_new')).to.deep.equal([
      { ts_code: '885800.TI', con_code: '000001.SZ', is_new: 'Y' },
    ]);
    // Holders per stock (ts_code required upstream), holder counts per announcement day.
    expect(await testDb.db('top_holders').select('ts_code', 'end_date', 'hold_amount')).to.deep.equal([
      { ts_code: '600519.SH', end_date: '2023-09-30', hold_amount: 678291955 },
    ]);
    expect(await testDb.db('holder_counts').select('ts_code', 'end_date', 'holder_num')).to.deep.equal([
      { ts_code: '000001.SZ', end_date: '2023-12-31', holder_num: 490011 },
    ]);
    // Unlocks per announcement day, as their descriptor says: a calendar day's call.
    expect(await testDb.db('share_floats').select('ts_code', 'float_date', 'float_share', 'share_type')).to.deep.equal([
      { ts_code: '000001.SZ', float_date: '2024-01-10', float_share: 19405918, share_type: '首发原股东限售股份' },
    ]);
    // Limit prices as the source sent them (not computed).
    expect(
      await testDb
        .db('price_limits')
        .where({ trade_date: '2024-01-03' })
        .orderBy('ts_code')
        .select('ts_code', 'up_limit', 'computed'),
    ).to.deep.equal([
      { ts_code: '000001.SZ', up_limit: 10.33, computed: null },
      { ts_code: '600519.SH', up_limit: 1898.6, computed: null },
    ]);
    // Forecasts (ten thousand yuan → yuan), expresses, repurchases (announced on New Year's Day, a closed day) and holders' trades.
    expect(
      await testDb.db('forecasts').select('ts_code', 'end_date', 'type', 'net_profit_min', 'net_profit_max'),
    ).to.deep.equal([
      { ts_code: '000001.SZ', end_date: '2023-12-31', type: '略减', net_profit_min: 42400000000, net_profit_max: null },
    ]);
    expect(await testDb.db('expresses').select('ts_code', 'end_date', 'n_income', 'is_audit')).to.deep.equal([
      { ts_code: '000001.SZ', end_date: '2023-12-31', n_income: 46455000000, is_audit: 0 },
    ]);
    expect(await testDb.db('repurchases').select('ts_code', 'ann_date', 'proc', 'amount', 'vol')).to.deep.equal([
      { ts_code: '600519.SH', ann_date: '2024-01-01', proc: '预案', amount: 6000000000, vol: null },
    ]);
    expect(await testDb.db('holder_trades').select('ts_code', 'holder_name', 'in_de', 'change_vol')).to.deep.equal([
      { ts_code: '600519.SH', holder_name: '示例高管', in_de: 'DE', change_vol: 1000 },
    ]);
    expect(await dataVersion(testDb.db, 'market')).to.be.greaterThan(0);
  });

  it('asks for the calendar to the end of the year it publishes, so the status knows the days after --to', async () => {
    // Tushare's trade_cal answers every day of the range asked (weekdays open, weekends closed).
    const calendarOf = ({ start_date: start, end_date: end }: Record<string, string>) => {
      const days: unknown[][] = [];
      for (let day = compactToIsoDate(start!)!; day <= compactToIsoDate(end!)!; day = addDays(day, 1))
        days.push(['SSE', compact(day), [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 0 : 1]);
      return ok(['exchange', 'cal_date', 'is_open'], days);
    };
    const replay = await startTushareReplay((request) =>
      request.api_name === 'trade_cal' ? calendarOf(request.params) : upstream(request),
    );
    try {
      await sync(replay.url, { from: '2024-03-25', to: '2024-03-26', today: '2024-03-29', only: ['trade_cal'] });
      expect(replay.calls.map(({ api_name, params }) => [api_name, params])).to.deep.equal([
        ['trade_cal', { exchange: 'SSE', start_date: '20240325', end_date: '20241231' }],
      ]);
    } finally {
      await replay.close();
    }
    const days = new OpenDays(await allOpenDays(testDb.db), await calendarThrough(testDb.db));
    // Friday 2024-03-29, 18:00: a session that has closed, not an unknown or closed day.
    expect(marketStatusAt(new Date('2024-03-29T18:00:00+08:00'), days)).to.include({
      isTradingDay: true,
      phase: 'after_close',
      calendarThrough: '2024-12-31',
    });
  });

  it('backs off and retries on the per-minute limit reply', async () => {
    let limited = 0;
    const replay = await startTushareReplay((request) =>
      request.api_name === 'daily' && limited++ < 2 ? PER_MINUTE_LIMIT : upstream(request),
    );
    const log: string[] = [];
    try {
      await sync(replay.url, { only: ['daily'], log: (line) => log.push(line) });
      expect(datesOf(replay.calls, 'daily')).to.deep.equal([
        '20240102',
        '20240102',
        '20240102',
        '20240103',
        '20240104',
      ]);
    } finally {
      await replay.close();
    }
    expect(log.filter((line) => line.includes('每分钟最多访问该接口'))).to.have.length(2);
    expect(await testDb.db('daily_bars').count({ n: '*' }).first()).to.deep.equal({ n: 6 });
  });

  it("stops with Tushare's message on an error reply, loading nothing", async () => {
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
    const broken = await startTushareReplay((request) =>
      request.api_name === 'daily' && request.params.trade_date === '20240104'
        ? { httpStatus: 502 }
        : upstream(request),
    );
    try {
      const failure = await sync(broken.url, { only: ['daily', 'adj_factor'] }).catch((err: unknown) => err);
      expect((failure as Error).message).to.equal('tushare daily: gave up after 3 attempts: HTTP 502');
    } finally {
      await broken.close();
    }
    expect(await testDb.db('sync_progress').where({ api_name: 'daily' }).orderBy('part').pluck('part')).to.deep.equal([
      '2024-01-02',
      '2024-01-03',
    ]);

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
      request.api_name === 'daily' && request.params.trade_date === '20240104'
        ? ok(['ts_code', 'trade_date'], [])
        : upstream(request),
    );
    try {
      await sync(replay.url, { only: ['daily'] });
      await sync(replay.url, { only: ['daily'] });
      expect(datesOf(replay.calls, 'daily')).to.deep.equal(['20240102', '20240103', '20240104', '20240104']);
    } finally {
      await replay.close();
    }
  });

  describe('the other market-wide tables, part by part', () => {
    /** Around the end of 2024 Q1, seen on 2 April 2024: March is over, April and Q1's reports are not. */
    const QUARTER_END_CALENDAR = ok(
      ['exchange', 'cal_date', 'is_open'],
      [
        ['SSE', '20240328', 1],
        ['SSE', '20240329', 1],
        ['SSE', '20240330', 0],
        ['SSE', '20240331', 0],
        ['SSE', '20240401', 1],
        ['SSE', '20240402', 1],
      ],
    );
    const BAR_FIELDS = [
      'ts_code',
      'trade_date',
      'open',
      'high',
      'low',
      'close',
      'pre_close',
      'change',
      'pct_chg',
      'vol',
      'amount',
    ];

    function quarterEnd(request: TushareRequest): Answer {
      const { params } = request;
      switch (request.api_name) {
        case 'trade_cal':
          return QUARTER_END_CALENDAR;
        case 'index_basic':
          return params.market === 'SSE'
            ? ok(
                ['ts_code', 'name', 'market', 'list_date'],
                [
                  ['000300.SH', '沪深300', 'SSE', '20050408'],
                  ['000300.CSI', '沪深300', 'CSI', '20050408'],
                ],
              )
            : ok(['ts_code', 'name'], []);
        case 'index_daily':
          return ok(BAR_FIELDS, [
            [params.ts_code, '20240328', 3500, 3520, 3490, 3510, 3500, 10, 0.2857, 100000, 2000000],
            [params.ts_code, '20240402', 3510, 3530, 3500, 3525, 3510, 15, 0.4274, 110000, 2100000],
          ]);
        case 'index_weight':
          return params.start_date === '20240328'
            ? ok(
                ['index_code', 'con_code', 'trade_date', 'weight'],
                [[params.index_code, '600519.SH', '20240329', 5.88]],
              )
            : ok(['index_code', 'con_code', 'trade_date', 'weight'], []);
        case 'namechange':
          return params.ts_code === '000001.SZ'
            ? ok(
                ['ts_code', 'name', 'start_date', 'end_date', 'ann_date', 'change_reason'],
                [['000001.SZ', '平安银行', '20240329', null, '20240328', '改名']],
              )
            : ok(['ts_code', 'name', 'start_date'], []);
        case 'dividend':
          return params.ex_date === '20240401'
            ? ok(
                ['ts_code', 'end_date', 'ann_date', 'div_proc', 'cash_div', 'ex_date'],
                [['600519.SH', '20231231', '20240315', '实施', 30.876, '20240401']],
              )
            : ok(['ts_code', 'end_date', 'div_proc'], []);
        case 'income_vip':
          return ok(
            ['ts_code', 'ann_date', 'f_ann_date', 'end_date', 'report_type', 'total_revenue'],
            [['600519.SH', '20240401', '20240401', params.period, '1', 46485374320.5]],
          );
        case 'balancesheet_vip':
          return ok(
            ['ts_code', 'ann_date', 'f_ann_date', 'end_date', 'report_type', 'money_cap'],
            [['600519.SH', '20240401', '20240401', params.period, '1', 84243520375.71]],
          );
        case 'cashflow_vip':
          return ok(
            ['ts_code', 'ann_date', 'f_ann_date', 'end_date', 'report_type', 'n_cashflow_act'],
            [['600519.SH', '20240401', '20240401', params.period, '1', 6231893050.61]],
          );
        default:
          return upstream(request);
      }
    }

    const callsOf = (calls: TushareRequest[], api: string) =>
      calls.filter((call) => call.api_name === api).map((call) => call.params);
    const OTHER_TABLES = [
      'index_basic',
      'index_daily',
      'index_weight',
      'namechange',
      'dividend',
      'income',
      'balancesheet',
      'cashflow',
    ];
    // The stocks a stock's names are asked for (namechange by ts_code).
    beforeEach(() => insertSecurities(testDb.db, [{ ts_code: '000001.SZ', name: '平安银行' }]));
    const syncQuarterEnd = (url: string) =>
      sync(url, { from: '2024-03-28', to: '2024-04-02', today: '2024-04-02', only: OTHER_TABLES });

    it('calls each with its documented parameters and loads it through the CSV loaders', async () => {
      const replay = await startTushareReplay(quarterEnd);
      try {
        await syncQuarterEnd(replay.url);
        expect(callsOf(replay.calls, 'index_basic')).to.deep.equal([
          { market: 'SSE' },
          { market: 'SZSE' },
          { market: 'CSI' },
          { market: 'SW' },
        ]);
        expect(callsOf(replay.calls, 'index_daily')).to.deep.equal([
          { ts_code: '000300.SH', start_date: '20240328', end_date: '20240402' },
        ]);
        expect(callsOf(replay.calls, 'index_weight')).to.deep.equal([
          { index_code: '000300.SH', start_date: '20240328', end_date: '20240331' },
          { index_code: '000300.SH', start_date: '20240401', end_date: '20240402' },
        ]);
        // By stock: namechange's dates filter on ann_date, which most of its rows lack (tushare #1858).
        expect(callsOf(replay.calls, 'namechange')).to.deep.equal([{ ts_code: '000001.SZ' }]);
        expect(callsOf(replay.calls, 'dividend')).to.deep.equal([
          ...['20240328', '20240329', '20240401', '20240402'].map((day) => ({ ex_date: day })),
          ...['20240328', '20240329', '20240330', '20240331', '20240401', '20240402'].map((day) => ({ ann_date: day })),
        ]);
        for (const api of ['income_vip', 'balancesheet_vip', 'cashflow_vip'])
          expect(callsOf(replay.calls, api)).to.deep.equal([{ period: '20240331' }]);
      } finally {
        await replay.close();
      }
      const db = testDb.db;
      expect(
        await db('daily_bars')
          .where({ ts_code: '000300.SH' })
          .orderBy('trade_date')
          .select('trade_date', 'close', 'amount'),
      ).to.deep.equal([
        { trade_date: '2024-03-28', close: 3510, amount: 2000000000 },
        { trade_date: '2024-04-02', close: 3525, amount: 2100000000 },
      ]);
      expect(await db('index_weights').select('index_code', 'con_code', 'trade_date', 'weight')).to.deep.equal([
        { index_code: '000300.SH', con_code: '600519.SH', trade_date: '2024-03-29', weight: 5.88 },
      ]);
      expect(await db('name_changes').select('ts_code', 'start_date', 'name')).to.deep.equal([
        { ts_code: '000001.SZ', start_date: '2024-03-29', name: '平安银行' },
      ]);
      expect(await db('dividends').select('ts_code', 'ex_date', 'cash_div')).to.deep.equal([
        { ts_code: '600519.SH', ex_date: '2024-04-01', cash_div: 30.876 },
      ]);
      expect(await db('income_statements').select('ts_code', 'end_date', 'total_revenue')).to.deep.equal([
        { ts_code: '600519.SH', end_date: '2024-03-31', total_revenue: 46485374320.5 },
      ]);
      expect(await db('balance_sheets').select('money_cap')).to.deep.equal([{ money_cap: 84243520375.71 }]);
      expect(await db('cash_flows').select('n_cashflow_act')).to.deep.equal([{ n_cashflow_act: 6231893050.61 }]);
    });

    it('records finished parts only once upstream can add nothing to them, and resumes with the rest', async () => {
      const replay = await startTushareReplay(quarterEnd);
      try {
        await syncQuarterEnd(replay.url);
        const progress = await testDb.db('sync_progress').orderBy(['api_name', 'part']).select('api_name', 'part');
        expect(progress).to.deep.equal([
          { api_name: 'dividend', part: '2024-04-01' },
          { api_name: 'index_daily', part: '000300.SH 20240328..20240402' },
          { api_name: 'index_weight', part: '000300.SH 202403' },
          { api_name: 'namechange', part: '000001.SZ@20240402' },
        ]);
        const firstRun = replay.calls.length;
        await syncQuarterEnd(replay.url);
        const secondRun = replay.calls
          .slice(firstRun)
          .filter((call) => !['index_basic', 'trade_cal'].includes(call.api_name));
        expect(secondRun.map((call) => `${call.api_name} ${Object.values(call.params).join(' ')}`)).to.deep.equal([
          'index_weight 000300.SH 20240401 20240402',
          'income_vip 20240331',
          'balancesheet_vip 20240331',
          'cashflow_vip 20240331',
          'dividend 20240328',
          'dividend 20240329',
          'dividend 20240402',
          ...['20240328', '20240329', '20240330', '20240331', '20240401', '20240402'].map((day) => `dividend ${day}`),
        ]);
      } finally {
        await replay.close();
      }
      expect(await testDb.db('income_statements').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    });
  });

  describe('reference and event tables', () => {
    const MEMBER_FIELDS = [
      'l1_code',
      'l1_name',
      'l2_code',
      'l2_name',
      'l3_code',
      'l3_name',
      'ts_code',
      'name',
      'in_date',
      'out_date',
      'is_new',
    ];
    const SPIRITS = ['801120.SI', '食品饮料', '801125.SI', '白酒Ⅱ', '850111.SI', '白酒Ⅲ'];

    function reference(request: TushareRequest): Answer {
      const { params } = request;
      switch (request.api_name) {
        case 'stock_company':
          return params.exchange === 'SSE'
            ? ok(
                ['ts_code', 'chairman', 'manager', 'reg_capital', 'setup_date', 'employees'],
                [['600519.SH', '张德芹', '王莉', 125619.78, '19991120', 33302.0]],
              )
            : ok(['ts_code'], []);
        case 'index_classify':
          return params.level === 'L1'
            ? ok(
                ['index_code', 'industry_name', 'parent_code', 'level', 'industry_code', 'is_pub', 'src'],
                [['801120.SI', '食品饮料', '0', 'L1', '340000', '1', 'SW2021']],
              )
            : ok(['index_code', 'industry_name', 'level', 'industry_code'], []);
        case 'index_member_all':
          return params.is_new === 'Y'
            ? ok(MEMBER_FIELDS, [[...SPIRITS, '600809.SH', '山西汾酒', '20210730', null, 'Y']])
            : ok(MEMBER_FIELDS, [[...SPIRITS, '600809.SH', '山西汾酒', '20140221', '20200101', 'N']]);
        case 'suspend_d':
          return params.trade_date === '20240103'
            ? ok(['ts_code', 'trade_date', 'suspend_timing', 'suspend_type'], [['000001.SZ', '20240103', null, 'S']])
            : ok(['ts_code'], []);
        case 'anns_d':
          return params.ann_date === '20240101'
            ? ok(
                ['ann_date', 'ts_code', 'name', 'title', 'url', 'rec_time'],
                [
                  [
                    '20240101',
                    '600519.SH',
                    '贵州茅台',
                    '贵州茅台关于召开2024年第一次临时股东大会的通知',
                    'http://static.cninfo.com.cn/x.PDF',
                    '2023-12-31 16:00:00',
                  ],
                ],
              )
            : ok(['ann_date', 'ts_code', 'title'], []);
        case 'dividend':
          return params.ann_date === '20240104'
            ? ok(
                ['ts_code', 'end_date', 'ann_date', 'div_proc', 'cash_div_tax'],
                [['600519.SH', '20231231', '20240104', '预案', 30.876]],
              )
            : ok(['ts_code', 'end_date', 'div_proc'], []);
        default:
          return upstream(request);
      }
    }

    it('calls each with its parameters: profiles per exchange, SW levels, members Y and N per level-1 industry, halts per open day, announcements and dividend plans per calendar day', async () => {
      const replay = await startTushareReplay(reference);
      try {
        await sync(replay.url, {
          only: ['stock_company', 'index_classify', 'index_member_all', 'suspend_d', 'anns_d', 'dividend'],
          today: '2024-01-04',
        });
        const paramsOf = (api: string) =>
          replay.calls.filter((call) => call.api_name === api).map((call) => call.params);
        expect(paramsOf('stock_company')).to.deep.equal([
          { exchange: 'SSE' },
          { exchange: 'SZSE' },
          { exchange: 'BSE' },
        ]);
        expect(paramsOf('index_classify')).to.deep.equal(['L1', 'L2', 'L3'].map((level) => ({ level, src: 'SW2021' })));
        expect(paramsOf('index_member_all')).to.deep.equal([
          { l1_code: '801120.SI', is_new: 'Y' },
          { l1_code: '801120.SI', is_new: 'N' },
        ]);
        expect(paramsOf('suspend_d')).to.deep.equal(
          ['20240102', '20240103', '20240104'].map((day) => ({ trade_date: day })),
        );
        expect(paramsOf('anns_d')).to.deep.equal(
          ['20240101', '20240102', '20240103', '20240104'].map((day) => ({ ann_date: day })),
        );
        expect(paramsOf('dividend').filter((params) => 'ann_date' in params)).to.deep.equal(
          ['20240101', '20240102', '20240103', '20240104'].map((day) => ({ ann_date: day })),
        );
      } finally {
        await replay.close();
      }
      const db = testDb.db;
      expect(
        await db('company_profiles').select('ts_code', 'chairman', 'manager', 'reg_capital', 'setup_date', 'employees'),
      ).to.deep.equal([
        {
          ts_code: '600519.SH',
          chairman: '张德芹',
          manager: '王莉',
          reg_capital: 1256197800,
          setup_date: '1999-11-20',
          employees: 33302,
        },
      ]);
      expect(
        await db('industry_members').orderBy('in_date').select('ts_code', 'l1_code', 'in_date', 'out_date'),
      ).to.deep.equal([
        { ts_code: '600809.SH', l1_code: '801120.SI', in_date: '2014-02-21', out_date: '2020-01-01' },
        { ts_code: '600809.SH', l1_code: '801120.SI', in_date: '2021-07-30', out_date: null },
      ]);
      expect(await db('trading_halts').select('ts_code', 'trade_date', 'suspend_type')).to.deep.equal([
        { ts_code: '000001.SZ', trade_date: '2024-01-03', suspend_type: 'S' },
      ]);
      expect(await db('announcements').select('ts_code', 'ann_date', 'type', 'rec_time')).to.deep.equal([
        { ts_code: '600519.SH', ann_date: '2024-01-01', type: 'shareholder_meeting', rec_time: '2023-12-31 16:00:00' },
      ]);
      expect(await db('dividends').select('ts_code', 'div_proc', 'ex_date', 'cash_div_tax')).to.deep.equal([
        { ts_code: '600519.SH', div_proc: '预案', ex_date: null, cash_div_tax: 30.876 },
      ]);
      // Memberships change at any time: fetched again on every run, never recorded as finished.
      expect(await db('sync_progress').where({ api_name: 'index_member_all' }).count({ n: '*' }).first()).to.deep.equal(
        { n: 0 },
      );
    });
  });

  it('refuses an unknown table name', async () => {
    const failure = await sync('http://127.0.0.1:1/', { only: ['daily', 'weekly'] }).catch((err: unknown) => err);
    expect((failure as Error).message).to.match(/unknown API for sync: weekly/);
  });
});

describe('the after-close update from Tushare Pro (local replay server)', () => {
  const testDb = useTestDb();

  it('a store synced through 01-02 gets 01-03 and 01-04, one call per API and day; a partial day is asked again', async () => {
    const replay = await startTushareReplay(upstream);
    const qlibDir = mkdtempSync(join(tmpdir(), 'ashare-qlib-update-'));
    const update = () =>
      runUpdate(testDb.db, tushareSessions({ url: replay.url, token: 't0ken', retryDelayMs: 5, maxRetries: 2 }), {
        trigger: 'command',
        minCoverage: 0.95,
        retryDelaysMs: [],
        now: () => new Date('2024-01-04T18:00:00+08:00'),
        qlibDir,
      });
    try {
      await syncTushare(testDb.db, {
        url: replay.url,
        token: 't0ken',
        from: '2024-01-02',
        to: '2024-01-02',
        only: ['stock_basic', 'daily', 'adj_factor', 'daily_basic'],
        retryDelayMs: 5,
        maxRetries: 2,
      });
      const asked = replay.calls.length;
      const summary = await update();
      // Valuations come for Ping An Bank alone (one of the two stocks): those sessions stay partial.
      expect(summary.status).to.equal('incomplete');
      expect(summary.sessions.map(({ day, state }) => [day, state])).to.deep.equal([
        ['2024-01-02', 'partial'],
        ['2024-01-03', 'partial'],
        ['2024-01-04', 'partial'],
      ]);
      expect(datesOf(replay.calls.slice(asked), 'daily')).to.deep.equal(['20240102', '20240103', '20240104']);
      expect(datesOf(replay.calls.slice(asked), 'moneyflow')).to.deep.equal(['20240102', '20240103', '20240104']);
      expect(
        await testDb.db('daily_bars').where({ trade_date: '2024-01-04' }).orderBy('ts_code').pluck('ts_code'),
      ).to.deep.equal(['000001.SZ', '600519.SH']);
      expect(
        await testDb
          .db('update_sessions')
          .where({ trade_date: '2024-01-04' })
          .orderBy('dataset')
          .select('dataset', 'state', 'rows', 'expected'),
      ).to.deep.equal([
        { dataset: 'adj_factor', state: 'complete', rows: 2, expected: 2 },
        { dataset: 'block_trade', state: 'complete', rows: 1, expected: 0 },
        { dataset: 'daily', state: 'complete', rows: 2, expected: 2 },
        { dataset: 'daily_basic', state: 'partial', rows: 1, expected: 2 },
        { dataset: 'hk_hold', state: 'complete', rows: 1, expected: 0 },
        { dataset: 'limit_list_d', state: 'complete', rows: 1, expected: 0 },
        { dataset: 'margin_detail', state: 'complete', rows: 1, expected: 0 },
        { dataset: 'moneyflow', state: 'complete', rows: 1, expected: 0 },
        { dataset: 'stk_limit', state: 'complete', rows: 2, expected: 0 },
        { dataset: 'top_inst', state: 'complete', rows: 1, expected: 0 },
        { dataset: 'top_list', state: 'complete', rows: 1, expected: 0 },
      ]);
      // QLIB_DIR: the run's sessions are in the qlib directory, the calendar through the last.
      expect(readFileSync(join(qlibDir, 'calendars', 'day.txt'), 'utf8')).to.equal(
        '2024-01-02\n2024-01-03\n2024-01-04\n',
      );
      expect(readFileSync(join(qlibDir, 'features', 'sz000001', 'close.day.bin')).length).to.equal(4 * 4);
      // The next run asks the partial days again (their finished parts forgotten), not the complete datasets' alone.
      const again = replay.calls.length;
      await update();
      expect(datesOf(replay.calls.slice(again), 'daily_basic')).to.deep.equal(['20240102', '20240103', '20240104']);
    } finally {
      rmSync(qlibDir, { recursive: true, force: true });
      await replay.close();
    }
  });
});
