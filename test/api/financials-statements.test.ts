import { expect } from 'chai';
import { useSharedFixture, type Fixture } from '../support/fixture';
import { FIXTURE_SYMBOL, M } from '../support/financialFixtures';

async function expectError(api: Fixture, path: string, status: number, code: string) {
  const response = await api.get(path);
  expect(response.status, JSON.stringify(response.body)).to.equal(status);
  expect(response.body).to.include({ code: status, error: code });
}

describe('financial statements besides the income statement', () => {
  const api = useSharedFixture();

  describe('GET /v1/financials/balance-sheet', () => {
    const PATH = '/v1/financials/balance-sheet';

    it('maps the balances of the real 600519.SH report to snake_case English', async () => {
      const { status, body } = await api.get(`${PATH}?symbol=600519&period=quarterly&limit=1`);
      expect(status).to.equal(200);
      expect(body.data).to.include({ symbol: '600519.SH', name: '贵州茅台' });
      expect(body.data.balance_sheets[0]).to.include({
        report_date: '2022-09-30',
        report_name: '2022年三季报',
        share_capital: 1256197800,
        monetary_funds: 58145037381.83,
        total_current_assets: 210606787131.83,
        total_assets: 247756923862.35,
        total_current_liabilities: 34000827381.28,
        total_liabilities: 34310347852.5,
        equity_parent: 206708774990.38,
        total_equity: 213446576009.85,
        total_liabilities_and_equity: 247756923862.35,
        contract_liabilities: 11836515742.88,
        goodwill: null,
      });
      expect(Object.keys(body.data.balance_sheets[0])).to.have.length(45);
    });

    it("pages each symbol's periods with page or offset; a page beyond the last is empty", async () => {
      const page2 = await api.get(`${PATH}?symbol=600519&period=quarterly&limit=3&page=2&fields=report_date`);
      expect(page2.body.data.balance_sheets).to.deep.equal([{ report_date: '2021-12-31' }]);
      expect(page2.body.pagination).to.deep.equal({
        current_page: 2,
        total_pages: 2,
        total_items: 4,
        items_per_page: 3,
        has_next_page: false,
        has_prev_page: true,
      });
      const offset = await api.get(`${PATH}?symbol=600519&period=quarterly&limit=2&offset=1&page=4&fields=report_date`);
      expect(offset.body.data.balance_sheets.map((r: any) => r.report_date)).to.deep.equal([
        '2022-06-30',
        '2022-03-31',
      ]);
      const beyond = await api.get(`${PATH}?symbol=600519&page=9`);
      expect(beyond.status).to.equal(200);
      expect(beyond.body.data.balance_sheets).to.deep.equal([]);
    });

    it('several symbols: pagination counts the symbol with the most periods', async () => {
      const { body } = await api.get(
        `${PATH}?symbol=${FIXTURE_SYMBOL},600519&period=quarterly&limit=2&fields=report_date`,
      );
      expect(body.data.map((c: any) => c.symbol)).to.deep.equal([FIXTURE_SYMBOL, '600519.SH']);
      expect(body.pagination).to.include({ total_items: 4, total_pages: 2, has_next_page: true });
    });

    it('as_of hides later reports', async () => {
      const { body } = await api.get(
        `${PATH}?symbol=${FIXTURE_SYMBOL}&as_of=2025-03-29&fields=report_date,total_assets`,
      );
      expect(body.data.balance_sheets).to.deep.equal([{ report_date: '2023-12-31', total_assets: 1000 * M }]);
    });

    it('errors: ttm → invalid_period, report_type, symbols, fields, limit, no_data', async () => {
      await expectError(api, `${PATH}?symbol=600519&period=ttm`, 400, 'invalid_period');
      await expectError(api, `${PATH}?symbol=600519&report_type=x`, 400, 'invalid_report_type');
      await expectError(api, `${PATH}?symbol=60051`, 400, 'invalid_symbol');
      await expectError(api, `${PATH}?symbol=600519&fields=total_assets,cash`, 400, 'invalid_field');
      await expectError(api, `${PATH}?symbol=600519&limit=21`, 400, 'invalid_parameter');
      await expectError(api, `${PATH}?symbol=600000`, 404, 'no_data');
      await expectError(
        api,
        `${PATH}?symbol=${Array.from({ length: 11 }, (_, i) => 600100 + i).join(',')}`,
        400,
        'too_many_symbols',
      );
    });
  });

  describe('GET /v1/financials/cash-flow', () => {
    const PATH = '/v1/financials/cash-flow';

    it('real 600519.SH Q3: year-to-date flows and free cash flow = operating − capital expenditure', async () => {
      const { body } = await api.get(`${PATH}?symbol=600519&period=quarterly&limit=1`);
      expect(body.data.cash_flows[0]).to.include({
        report_date: '2022-09-30',
        net_operating_cash_flow: 9405337008.75,
        capital_expenditure: 2638790403.92,
        free_cash_flow: 6766546604.83,
        cash_at_beginning: 178640587379.52,
        cash_at_end: 155509417622.58,
        net_financing_cash_flow: -29864845719.65,
        net_profit: null,
      });
      expect(Object.keys(body.data.cash_flows[0])).to.have.length(31);
    });

    it('ttm: flows summed over twelve months, closing cash as reported, opening cash a year earlier', async () => {
      const { body } = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&period=ttm&limit=2`);
      const [fy, q3] = body.data.cash_flows;
      expect(fy).to.include({
        report_name: '2024年TTM',
        net_operating_cash_flow: 80 * M,
        free_cash_flow: 55 * M,
        cash_at_beginning: 280 * M,
      });
      // operating 50 + 70 − 40, capex 20 + 30 − 15
      expect(q3).to.include({
        report_name: '2024年三季报TTM',
        net_operating_cash_flow: 80 * M,
        capital_expenditure: 35 * M,
        free_cash_flow: 45 * M,
        cash_at_end: 300 * M,
        cash_at_beginning: 250 * M,
      });
    });

    it('errors: period, report_type, no_data', async () => {
      await expectError(api, `${PATH}?symbol=600519&period=weekly`, 400, 'invalid_period');
      await expectError(api, `${PATH}?symbol=600519&report_type=6`, 400, 'invalid_report_type');
      await expectError(api, `${PATH}?symbol=600519&report_type=parent`, 404, 'no_data');
    });
  });

  describe('GET /v1/financials/financial-metrics', () => {
    const PATH = '/v1/financials/financial-metrics';

    it('annual: every metric, hand-computed from the fixtures', async () => {
      const { body } = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&limit=1`);
      expect(body.data.financial_metrics[0]).to.deep.equal({
        report_date: '2024-12-31',
        report_name: '2024年年报',
        roe: 9, // 54 / avg(550, 650)
        roa: 5.4545, // 60 / avg(1000, 1200)
        gross_margin: 40,
        net_margin: 10,
        debt_to_asset_ratio: 40, // 480 / 1200
        current_ratio: 2, // 600 / 300
        eps: 0.54,
        bps: 6.5, // 650 / 100
        operating_cash_flow_per_share: 0.8, // 80 / 100
        revenue_growth: 3.4483,
        net_profit_growth: 36.3636,
        net_profit_parent_growth: 36.3636, // against restated FY2023
      });
      expect(body.pagination).to.include({ total_items: 4 });
    });

    it('ttm: TTM flows over balances a year apart', async () => {
      const { body } = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&period=ttm&end_date=2024-09-30&limit=1`);
      expect(body.data.financial_metrics[0]).to.deep.equal({
        report_date: '2024-09-30',
        report_name: '2024年三季报TTM',
        roe: 9.5676, // (40.5 + 39.6 − 27) / avg(510, 600)
        roa: 5.7561, // 59 / avg(950, 1100)
        gross_margin: 40,
        net_margin: 9.6721, // 59 / 610
        debt_to_asset_ratio: 40.9091,
        current_ratio: 2,
        eps: 0.59,
        bps: 6,
        operating_cash_flow_per_share: 0.8, // (50 + 70 − 40) / 100
        revenue_growth: 12.963,
        net_profit_growth: 68.5714,
        net_profit_parent_growth: 68.5714,
      });
    });

    it('quarterly: year-to-date flows, opening at the previous year end, growth against the same YTD', async () => {
      const { body } = await api.get(
        `${PATH}?symbol=${FIXTURE_SYMBOL}&period=quarterly&end_date=2024-09-30&limit=1&fields=roe,revenue_growth,net_profit_growth,operating_cash_flow_per_share`,
      );
      // 40.5 / avg(550, 600); (450 − 420) / 420; (45 − 30) / 30; 50 / 100
      expect(body.data.financial_metrics[0]).to.deep.equal({
        roe: 7.0435,
        revenue_growth: 7.1429,
        net_profit_growth: 50,
        operating_cash_flow_per_share: 0.5,
      });
    });

    it('as_of: metrics from the versions known then (FY2023 before its restatement)', async () => {
      const { body } = await api.get(
        `${PATH}?symbol=${FIXTURE_SYMBOL}&as_of=2025-03-29&limit=1&fields=report_date,revenue_growth,net_profit_growth`,
      );
      // (560 − 500) / 500, (40 − 25) / 25; restated: 16 and 76
      expect(body.data.financial_metrics).to.deep.equal([
        { report_date: '2023-12-31', revenue_growth: 12, net_profit_growth: 60 },
      ]);
    });

    it('real 600519.SH 2022 Q3 (year to date)', async () => {
      const { body } = await api.get(`${PATH}?symbol=600519&period=quarterly&limit=1`);
      expect(body.data.financial_metrics[0]).to.include({
        roe: 22.4101, // 44399815583.54 / avg(189539368797.29, 206708774990.38)
        debt_to_asset_ratio: 13.8484,
        current_ratio: 6.1942,
        eps: 35.34,
        bps: 164.5511,
        operating_cash_flow_per_share: 7.4871,
        revenue_growth: null,
      });
    });

    it('errors: period, report_type, fields, symbols, no_data', async () => {
      await expectError(api, `${PATH}?symbol=600519&period=year`, 400, 'invalid_period');
      await expectError(api, `${PATH}?symbol=600519&report_type=all`, 400, 'invalid_report_type');
      await expectError(api, `${PATH}?symbol=600519&fields=pe`, 400, 'invalid_field');
      await expectError(api, `${PATH}?symbol=600519,609999`, 400, 'invalid_symbol');
      await expectError(api, `${PATH}?symbol=600000`, 404, 'no_data');
    });
  });

  describe('errors every statement endpoint shares', () => {
    const ENDPOINTS = ['income-statement', 'balance-sheet', 'cash-flow', 'financial-metrics'];
    const eleven = Array.from({ length: 11 }, (_, i) => 600100 + i).join(',');
    const cases: [string, number, string][] = [
      ['symbol=6005x9', 400, 'invalid_symbol'],
      ['symbol=600519,609999', 400, 'invalid_symbol'],
      [`symbol=${eleven}`, 400, 'too_many_symbols'],
      ['symbol=600519&period=daily', 400, 'invalid_period'],
      ['symbol=600519&report_type=merged', 400, 'invalid_report_type'],
      ['symbol=600519&fields=report_date,nope', 400, 'invalid_field'],
      ['symbol=600519&limit=21', 400, 'invalid_parameter'],
      ['symbol=600519&as_of=2024-13-01', 400, 'invalid_date_format'],
      ['symbol=600519&begin_date=2030-01-01', 404, 'no_data'],
      ['period=annual', 400, 'missing_parameter'],
    ];
    for (const endpoint of ENDPOINTS) {
      it(`/v1/financials/${endpoint}`, async () => {
        for (const [query, status, code] of cases)
          await expectError(api, `/v1/financials/${endpoint}?${query}`, status, code);
      });
    }
  });

  describe('GET /v1/financials/report-dates', () => {
    const PATH = '/v1/financials/report-dates';
    // The disclosure dates of FIXTURE_SYMBOL: in the shared fixture (test/support/fixture.ts).

    it('planned and announced periods, newest first, with restatements counted', async () => {
      const { status, body } = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&limit=2`);
      expect(status).to.equal(200);
      expect(body.data).to.deep.equal([
        {
          symbol: FIXTURE_SYMBOL,
          report_date: '2025-03-31',
          report_name: '2025年一季报',
          planned_date: '2025-04-29',
          announcement_date: null,
          latest_announcement_date: null,
          versions: 0,
        },
        {
          symbol: FIXTURE_SYMBOL,
          report_date: '2024-12-31',
          report_name: '2024年年报',
          planned_date: '2025-03-28',
          announcement_date: '2025-03-30',
          latest_announcement_date: '2025-03-30',
          versions: 1,
        },
      ]);
      expect(body.pagination).to.include({ total_items: 16, total_pages: 8, has_next_page: true });
      const fy2023 = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&begin_date=2023-12-31&end_date=2023-12-31`);
      expect(fy2023.body.data[0]).to.include({
        announcement_date: '2024-03-30',
        latest_announcement_date: '2025-03-30',
        versions: 2,
      });
    });

    it('several symbols: newest period first, then request order; offset pages', async () => {
      const { body } = await api.get(
        `${PATH}?symbol=600519,${FIXTURE_SYMBOL}&begin_date=2022-09-30&end_date=2022-12-31&offset=1`,
      );
      expect(body.data.map((d: any) => [d.report_date, d.symbol])).to.deep.equal([
        ['2022-09-30', '600519.SH'],
        ['2022-09-30', FIXTURE_SYMBOL],
      ]);
      expect(body.pagination).to.include({ total_items: 3, has_prev_page: true });
    });

    it('errors: symbols, limit over 100, no_data', async () => {
      await expectError(api, `${PATH}?symbol=abc`, 400, 'invalid_symbol');
      await expectError(api, `${PATH}?symbol=600519&limit=101`, 400, 'invalid_parameter');
      await expectError(api, `${PATH}?symbol=600000`, 404, 'no_data');
    });
  });

  describe('GET /api/v1/fundamentals', () => {
    const PATH = '/api/v1/fundamentals';

    it('the metrics of the latest report', async () => {
      const { status, body } = await api.get(`${PATH}?symbol=600519`);
      expect(status).to.equal(200);
      expect(body.data).to.deep.include({
        symbol: '600519.SH',
        name: '贵州茅台',
        report_date: '2022-09-30',
        report_name: '2022年三季报',
      });
      expect(body.data.metrics).to.include({ roe: 22.4101, gross_margin: 91.8744, eps: 35.34 });
      expect(Object.keys(body.data.metrics)).to.have.length(12);
    });

    it('metric picks one', async () => {
      const { body } = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&metric=roe`);
      expect(body.data).to.deep.equal({
        symbol: FIXTURE_SYMBOL,
        name: '美的集团',
        report_date: '2024-12-31',
        report_name: '2024年年报',
        metrics: { roe: 9 },
      });
    });

    it('errors: unknown metric, bad or several symbols, no_data', async () => {
      await expectError(api, `${PATH}?symbol=600519&metric=pe`, 400, 'invalid_parameter');
      await expectError(api, `${PATH}?symbol=6005190`, 400, 'invalid_symbol');
      await expectError(api, `${PATH}?symbol=600519,000333`, 400, 'too_many_symbols');
      await expectError(api, `${PATH}?symbol=600000`, 404, 'no_data');
      await expectError(api, PATH, 400, 'missing_parameter');
    });
  });
});
