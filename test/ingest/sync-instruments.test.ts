import { expect } from 'chai';
import { INSTRUMENT_APIS, syncTushare } from '../../src/ingest/tushare/tushareSync';
import { useTestDb } from '../support/testDb';
import { ok, startTushareReplay, type Answer, type TushareRequest } from './support/tushareReplay';

/** One ETF and one convertible a day, in Tushare's units (fund amount thousand yuan, bond amount ten thousand). */
function upstream(request: TushareRequest): Answer {
  const day = request.params.trade_date ?? request.params.nav_date ?? request.params.ann_date!;
  switch (request.api_name) {
    case 'trade_cal':
      return ok(
        ['exchange', 'cal_date', 'is_open', 'pretrade_date'],
        [
          ['SSE', '20240102', 1, '20231229'],
          ['SSE', '20240103', 1, '20240102'],
        ],
      );
    case 'fund_basic':
      return ok(
        ['ts_code', 'name', 'management', 'list_date', 'status', 'market'],
        request.params.market === 'E' ? [['510300.SH', '沪深300ETF', '华泰柏瑞基金', '20120528', 'L', 'E']] : [],
      );
    case 'cb_basic':
      return ok(
        ['ts_code', 'bond_short_name', 'stk_code', 'list_date', 'conv_price'],
        [['113050.SH', '南银转债', '601009.SH', '20210707', 8.9]],
      );
    // Shenwan's 食品饮料 in sw_daily's units (amount 万元), granted apart as the instruments' apis are.
    case 'sw_daily':
      return ok(
        ['ts_code', 'trade_date', 'name', 'close', 'amount'],
        [['801120.SI', day, '食品饮料', 20851.07, 1950012.4]],
      );
    case 'fund_daily':
      return ok(
        ['ts_code', 'trade_date', 'open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_chg', 'vol', 'amount'],
        [['510300.SH', day, 3.45, 3.47, 3.43, 3.46, 3.44, 0.02, 0.5814, 4123456.0, 1423456.789]],
      );
    case 'fund_adj':
      return ok(['ts_code', 'trade_date', 'adj_factor'], [['510300.SH', day, 1.0]]);
    case 'cb_daily':
      return ok(
        ['ts_code', 'trade_date', 'pre_close', 'open', 'high', 'low', 'close', 'change', 'pct_chg', 'vol', 'amount'],
        [['113050.SH', day, 118.2, 118.3, 119.0, 118.1, 118.9, 0.7, 0.5922, 15000.0, 17810.25]],
      );
    case 'fund_share':
      return ok(['ts_code', 'trade_date', 'fd_share'], [['510300.SH', day, 8912345.6789]]);
    case 'fund_nav':
      return ok(
        ['ts_code', 'ann_date', 'nav_date', 'unit_nav', 'accum_nav'],
        [['510300.SH', day, day, 3.4612, 3.7438]],
      );
    case 'fund_div':
      return ok(
        ['ts_code', 'ann_date', 'base_date', 'div_proc', 'ex_date', 'div_cash', 'base_unit'],
        request.params.ex_date === '20240103'
          ? [['510300.SH', '20231228', '20231220', '实施', '20240103', 0.05, 891234.5678]]
          : [],
      );
    case 'cb_price_chg':
      return ok(
        ['ts_code', 'bond_short_name', 'publish_date', 'change_date', 'convertprice_bef', 'convertprice_aft'],
        [['113050.SH', '南银转债', '20230613', '20230616', 9.65, 9.26]],
      );
    case 'cb_call':
      return ok(
        ['ts_code', 'call_type', 'is_call', 'ann_date', 'call_amount'],
        day === '20240103' ? [['113050.SH', '强赎', '已满足强赎条件', day, 1234.5]] : [],
      );
    default:
      return { code: 40101, msg: `unknown api ${request.api_name}`, data: null };
  }
}

describe('sync of ETFs, convertibles and Shenwan indices from Tushare Pro (local replay server)', () => {
  const testDb = useTestDb();

  it('asks for them only by name, each api as its descriptor or task says, through the loaders and units', async () => {
    const replay = await startTushareReplay(upstream);
    try {
      const sync = (only?: string[]) =>
        syncTushare(testDb.db, { url: replay.url, token: 't', from: '2024-01-02', to: '2024-01-03', only });
      await sync(['trade_cal']);
      expect(replay.calls.map((call) => call.api_name)).to.deep.equal(['trade_cal']);
      await sync(INSTRUMENT_APIS);
      const calls = (api: string) => replay.calls.filter((call) => call.api_name === api).map((call) => call.params);
      expect(calls('fund_basic')).to.deep.equal([{ market: 'E' }]);
      expect(calls('fund_daily').map((params) => params.trade_date)).to.deep.equal(['20240102', '20240103']);
      expect(calls('fund_nav').map((params) => params.nav_date)).to.deep.equal(['20240102', '20240103']);
      expect(calls('fund_div').map((params) => params.ex_date)).to.deep.equal(['20240102', '20240103']);
      expect(calls('cb_price_chg')).to.deep.equal([{ ts_code: '113050.SH' }]);
      expect(calls('sw_daily')).to.deep.equal([{ trade_date: '20240102' }, { trade_date: '20240103' }]);
    } finally {
      await replay.close();
    }
    const db = testDb.db;
    expect(await db('securities').orderBy('ts_code').select('ts_code', 'kind')).to.deep.equal([
      { ts_code: '113050.SH', kind: 'convertible' },
      { ts_code: '510300.SH', kind: 'etf' },
      { ts_code: '801120.SI', kind: 'index' },
    ]);
    expect(await db('daily_bars').where({ trade_date: '2024-01-03' }).orderBy('ts_code').pluck('amount')).to.deep.equal(
      [178102500, 1423456789, 19500124000],
    );
    expect(await db('fund_shares').where({ trade_date: '2024-01-03' }).pluck('fd_share')).to.deep.equal([89123456789]);
    expect(await db('fund_navs').count({ n: '*' }).first()).to.deep.equal({ n: 2 });
    // base_unit in ten thousand units → units.
    expect(await db('fund_dividends').select('ex_date', 'div_cash', 'base_unit')).to.deep.equal([
      { ex_date: '2024-01-03', div_cash: 0.05, base_unit: 8912345678 },
    ]);
    expect(await db('convertible_price_changes').pluck('convertprice_aft')).to.deep.equal([9.26]);
    expect(await db('convertible_calls').pluck('call_amount')).to.deep.equal([12345000]);
  });
});
