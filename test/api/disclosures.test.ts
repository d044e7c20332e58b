import { expect } from 'chai';
import { pageOf } from '../support/pagination';
import { useSharedFixture } from '../support/fixture';
import { mcpClient, textOf } from '../support/mcpClient';
import { csvItems } from '../support/sampleRequests';
import { dataapi } from '../support/dataapi';

/**
 * The four disclosures added through their descriptors alone (src/domain/tables/disclosureDescriptors.ts) on the
 * fixture rows of test/fixtures/datasets (forecast.csv, express.csv, repurchase.csv, stk_holdertrade.csv):
 * figures in Tushare's units there, in the store's here (ten thousand yuan × 10,000).
 */
describe('disclosures: forecasts, expresses, repurchases and holders’ trades on /v1, /dataapi and MCP', () => {
  const api = useSharedFixture();
  const moutai = { symbol: '600519.SH', name: '贵州茅台' };
  const pingAn = { symbol: '000001.SZ', name: '平安银行' };

  describe('GET /v1/financials/forecast', () => {
    const forecast = (
      period: string,
      ann_date: string,
      [p_change_min, p_change_max]: [number, number | null],
      [net_profit_min, net_profit_max, last_parent_net]: [number, number | null, number],
      first_ann_date: string,
      summary: string,
      change_reason: string | null,
      type = '略增',
    ) => ({
      period,
      ann_date,
      type,
      p_change_min,
      p_change_max,
      net_profit_min,
      net_profit_max,
      last_parent_net,
      first_ann_date,
      summary,
      change_reason,
    });
    const firstOf2024 = forecast(
      '2024-12-31',
      '2025-01-10',
      [14, 16],
      [85_200_000_000, 86_700_000_000, 74_734_000_000],
      '2025-01-10',
      '净利润约8520000万元至8670000万元',
      '示例：营业收入增长',
    );
    const revised = forecast(
      '2024-12-31',
      '2025-01-24',
      [15, 15.5],
      [85_940_000_000, 86_320_000_000, 74_734_000_000],
      '2025-01-10',
      '修正：净利润约8594000万元至8632000万元',
      '示例：修正预告',
    );
    const halfYear = forecast(
      '2024-06-30',
      '2024-07-12',
      [13, 16],
      [40_680_000_000, 41_760_000_000, 35_980_000_000],
      '2024-07-12',
      '净利润约4068000万元至4176000万元',
      '示例：营业收入增长',
    );

    it('one stock over time, point in time: a revised forecast replaces the first from its own announcement on', async () => {
      const { status, body } = await api.get('/v1/financials/forecast?symbol=600519&as_of=2025-01-20');
      expect(status, JSON.stringify(body)).to.equal(200);
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        pagination: pageOf(1, 2, 1000),
        data: [firstOf2024, halfYear].map((row) => ({ ...moutai, ...row })),
      });
      const later = await api.get('/v1/financials/forecast?symbol=600519.SH&as_of=2025-02-01');
      expect(later.body.data).to.deep.equal([revised, halfYear].map((row) => ({ ...moutai, ...row })));
      const before = await api.get('/v1/financials/forecast?symbol=600519.SH&as_of=2024-07-11');
      expect([before.status, before.body.error]).to.deep.equal([404, 'no_data']);
    });

    it('the whole market of one period, by symbol, a bound Tushare left empty as null', async () => {
      const { body } = await api.get('/v1/financials/forecast?period=2024-12-31&as_of=2025-02-01');
      expect(body.data).to.deep.equal([
        {
          ...pingAn,
          ...forecast(
            '2024-12-31',
            '2025-01-10',
            [-5, null],
            [42_400_000_000, null, 46_455_000_000],
            '2025-01-10',
            '净利润同比下降不超过5%',
            null,
            '略减',
          ),
        },
        { ...moutai, ...revised },
      ]);
    });

    it('/dataapi forecast reads back every announced version in Tushare’s order and units', async () => {
      const { code, data } = await dataapi(api.baseUrl, api.key, 'forecast', { ts_code: '600519.SH' });
      const { fields, items } = csvItems('forecast.csv');
      // Newest announcement first.
      expect([code, data]).to.deep.equal([0, { fields, items: [items[2], items[1], items[0]], has_more: false }]);
    });
  });

  describe('GET /v1/financials/express', () => {
    it('point in time: the correction of 2025-04-02 from its own day on; figures in yuan, None as null', async () => {
      const asOf = async (day: string) =>
        (await api.get(`/v1/financials/express?symbol=600519.SH&period=2024-12-31&as_of=${day}`)).body.data;
      const [first] = await asOf('2025-03-31');
      expect(first).to.deep.equal({
        ...moutai,
        period: '2024-12-31',
        ann_date: '2025-01-20',
        revenue: 174_144_000_000,
        operate_profit: 121_000_000_000,
        total_profit: 120_900_000_000,
        n_income: 89_300_000_000,
        total_assets: null,
        total_hldr_eqy_exc_min_int: null,
        diluted_eps: 68.64,
        diluted_roe: null,
        yoy_net_profit: 74_734_071_550,
        bps: null,
        yoy_sales: 15.66,
        yoy_op: null,
        yoy_tp: null,
        yoy_dedu_np: 15.38,
        yoy_eps: 15.38,
        yoy_roe: null,
        growth_assets: null,
        yoy_equity: null,
        growth_bps: null,
        or_last_year: 150_560_000_000,
        op_last_year: null,
        tp_last_year: null,
        np_last_year: 74_734_071_550,
        eps_last_year: 59.49,
        open_net_assets: null,
        open_bps: null,
        perf_summary: '营业收入、净利润同比增长',
        is_audit: 0,
        remark: null,
      });
      const [corrected] = await asOf('2025-04-02');
      expect(corrected).to.deep.include({
        ann_date: '2025-04-02',
        n_income: 89_335_000_000,
        yoy_dedu_np: 15.44,
        is_audit: 1,
        remark: '更正公告',
      });
    });
  });

  describe('GET /v1/events/repurchases', () => {
    const stage = (ann_date: string, proc: string, end_date: string | null, figures: (number | null)[]) => {
      const [vol, amount, high_limit, low_limit] = figures;
      return { ann_date, end_date, proc, exp_date: null, vol, amount, high_limit, low_limit };
    };
    it('one stock’s stages, newest first; the whole market of one day, by symbol', async () => {
      const { status, body } = await api.get(
        '/v1/events/repurchases?symbol=600519.SH&begin_date=2024-01-01&end_date=2024-12-31&as_of=2025-01-01',
      );
      expect(status, JSON.stringify(body)).to.equal(200);
      expect(body.data).to.deep.equal(
        [
          stage('2024-12-31', '完成', '2024-12-30', [2_500_000, 3_800_000_000, 1650, 1410]),
          stage('2024-05-31', '实施', '2024-05-30', [1_200_000, 1_800_000_000, 1650, 1500]),
          stage('2024-02-08', '预案', null, [null, 6_000_000_000, 1832, null]),
        ].map((row) => ({ ...moutai, ...row })),
      );
      const day = await api.get('/v1/events/repurchases?ann_date=2024-05-31&as_of=2025-01-01');
      expect(day.body.data).to.deep.equal([
        { ...pingAn, ...stage('2024-05-31', '实施', '2024-05-30', [5_000_000, 50_000_000, 10.5, 9.8]) },
        { ...moutai, ...stage('2024-05-31', '实施', '2024-05-30', [1_200_000, 1_800_000_000, 1650, 1500]) },
      ]);
      // Nothing announced after as_of.
      const early = await api.get('/v1/events/repurchases?symbol=600519.SH&as_of=2024-06-01');
      expect(early.body.data.map((row: { ann_date: string }) => row.ann_date)).to.deep.equal([
        '2024-05-31',
        '2024-02-08',
      ]);
    });

    it('neither symbol nor ann_date → 400 missing_parameter; a bad day → 400 invalid_date_format', async () => {
      const neither = await api.get('/v1/events/repurchases?as_of=2025-01-01');
      expect([neither.status, neither.body]).to.deep.equal([
        400,
        {
          code: 400,
          message: 'Give symbol (one security over time), ann_date (the whole market of one day), or both',
          error: 'missing_parameter',
        },
      ]);
      const bad = await api.get('/v1/events/repurchases?ann_date=2024-02-30');
      expect([bad.status, bad.body.error]).to.deep.equal([400, 'invalid_date_format']);
    });
  });

  describe('GET /v1/events/holder-trades', () => {
    it('the whole market of one day, by symbol and the largest first; days traded null where not disclosed', async () => {
      const { status, body } = await api.get('/v1/events/holder-trades?ann_date=2024-06-20&as_of=2024-12-31');
      expect(status, JSON.stringify(body)).to.equal(200);
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        pagination: pageOf(1, 3, 1000),
        data: [
          {
            ...pingAn,
            ann_date: '2024-06-20',
            holder_name: '示例员工持股计划',
            holder_type: 'C',
            in_de: 'IN',
            change_vol: 4_000_000,
            change_ratio: 0.0206,
            after_share: 39_000_000,
            after_ratio: 0.201,
            avg_price: 10.2,
            total_share: 39_000_000,
            begin_date: null,
            close_date: null,
          },
          {
            ...pingAn,
            ann_date: '2024-06-20',
            holder_name: '示例高管',
            holder_type: 'G',
            in_de: 'DE',
            change_vol: 50_000,
            change_ratio: 0.0003,
            after_share: 150_000,
            after_ratio: 0.0008,
            avg_price: 10.1,
            total_share: 150_000,
            begin_date: '2024-06-14',
            close_date: '2024-06-19',
          },
          {
            ...moutai,
            ann_date: '2024-06-20',
            holder_name: '示例高管',
            holder_type: 'G',
            in_de: 'DE',
            change_vol: 1000,
            change_ratio: 0.0001,
            after_share: 9000,
            after_ratio: 0.0007,
            avg_price: 1500,
            total_share: 9000,
            begin_date: '2024-06-12',
            close_date: '2024-06-18',
          },
        ],
      });
    });

    it('/dataapi stk_holdertrade filters by trade_type as Tushare does', async () => {
      const { data } = await dataapi(api.baseUrl, api.key, 'stk_holdertrade', { trade_type: 'IN' });
      const { fields, items } = csvItems('stk_holdertrade.csv');
      expect(data).to.deep.equal({ fields, items: [items[1], items[2]], has_more: false });
    });

    it('MCP: get_disclosures answers a stock’s trades in the reply', async () => {
      const client = await mcpClient(api.baseUrl, api.key);
      try {
        const answer = await client.callTool({
          name: 'get_disclosures',
          arguments: {
            dataset: 'holder_trades',
            symbol: '600519',
            begin_date: '20240101',
            end_date: '20241231',
            as_of: '2024-12-31',
          },
        });
        expect(textOf(answer).split('\n').slice(0, 3)).to.deep.equal([
          'symbol,name,ann_date,holder_name,holder_type,in_de,change_vol,change_ratio,after_share,after_ratio,avg_price,total_share,begin_date,close_date',
          '600519.SH,贵州茅台,2024-11-05,示例投资有限公司,C,IN,120000,0.0096,2400000,0.1911,1520,2400000,2024-10-21,2024-11-04',
          '600519.SH,贵州茅台,2024-06-20,示例高管,G,DE,1000,0.0001,9000,0.0007,1500,9000,2024-06-12,2024-06-18',
        ]);
      } finally {
        await client.close();
      }
    });
  });

  describe('GET /v1/events/new-shares', () => {
    const maotai = {
      symbol: '600519.SH',
      name: '贵州茅台',
      ipo_date: '2001-07-31',
      sub_code: '730519',
      issue_date: '2001-08-27',
      // 7,150 × 10,000 shares; 22.44 × 100,000,000 yuan.
      amount: 71_500_000,
      market_amount: 71_500_000,
      price: 31.39,
      pe: 23.93,
      limit_amount: null,
      funds: 2_244_000_000,
      ballot: 0.1703,
    };

    it('one security’s offer, in shares and yuan; known from its subscription day', async () => {
      const { status, body } = await api.get(
        '/v1/events/new-shares?symbol=600519&begin_date=2001-01-01&end_date=2001-12-31',
      );
      expect(status, JSON.stringify(body)).to.equal(200);
      expect(body).to.deep.equal({ code: 200, message: 'success', pagination: pageOf(1, 1, 1000), data: [maotai] });
      const before = await api.get('/v1/events/new-shares?symbol=600519&begin_date=2001-01-01&as_of=2001-07-30');
      expect([before.status, before.body.error]).to.deep.equal([404, 'no_data']);
    });

    it('the whole market of a subscription day under the names offered, a listing day not yet set as null', async () => {
      const day = await api.get('/v1/events/new-shares?ipo_date=2020-07-07');
      expect(day.body.data).to.deep.equal([
        {
          symbol: '688981.SH',
          name: '中芯国际',
          ipo_date: '2020-07-07',
          sub_code: '787981',
          issue_date: '2020-07-16',
          amount: 1_685_620_000,
          market_amount: 505_687_000,
          price: 27.46,
          pe: 109.19,
          limit_amount: 243_000,
          funds: 46_287_000_000,
          ballot: 0.1165,
        },
      ]);
      const unlisted = await api.get('/v1/events/new-shares?ipo_date=2026-01-05');
      expect(unlisted.body.data[0]).to.deep.include({ symbol: '001400.SZ', issue_date: null, ballot: null });
    });

    it('/dataapi new_share reads back the CSV rows by subscription day, in Tushare’s units', async () => {
      const { data } = await dataapi(api.baseUrl, api.key, 'new_share', {
        start_date: '20200101',
        end_date: '20221231',
      });
      const { fields, items } = csvItems('new_share.csv');
      expect(data).to.deep.equal({ fields, items: [items[1], items[0]], has_more: false });
    });
  });
});
