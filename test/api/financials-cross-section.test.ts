import { expect } from 'chai';
import { M, seedStatementCompanies } from '../support/financialFixtures';
import { useKeyedServer } from '../support/server';

describe('GET /v1/financials/cross-section: one statement of every company for one period', () => {
  const store = useKeyedServer(seedStatementCompanies);
  const get = (path: string) => store.get(path);

  it('income of FY2021: every company by code, each record the one its own route gives', async () => {
    const { status, body } = await get(
      '/v1/financials/cross-section?statement=income&report_date=2021-12-31&fields=report_date,revenue,net_profit',
    );
    expect(status).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      data: [
        {
          symbol: '000333.SZ',
          name: '美的集团',
          income_statements: [{ report_date: '2021-12-31', revenue: 460 * M, net_profit: -50 * M }],
        },
        {
          symbol: '600519.SH',
          name: '贵州茅台',
          income_statements: [{ report_date: '2021-12-31', revenue: 106190154843.76, net_profit: 55720529956.46 }],
        },
      ],
      pagination: {
        current_page: 1,
        total_pages: 1,
        total_items: 2,
        items_per_page: 1000,
        has_next_page: false,
        has_prev_page: false,
      },
    });
  });

  for (const [statement, route, list] of [
    ['income', 'income-statement', 'income_statements'],
    ['balance-sheet', 'balance-sheet', 'balance_sheets'],
    ['cash-flow', 'cash-flow', 'cash_flows'],
    ['financial-metrics', 'financial-metrics', 'financial_metrics'],
  ] as const) {
    it(`${statement}: the records equal /v1/financials/${route} for the same period (Q3 2022, year to date)`, async () => {
      const { body } = await get(`/v1/financials/cross-section?statement=${statement}&report_date=2022-09-30`);
      expect(body.data.length).to.be.greaterThan(0);
      for (const container of body.data) {
        const own = await get(
          `/v1/financials/${route}?symbol=${container.symbol}&period=quarterly&begin_date=2022-09-30&end_date=2022-09-30`,
        );
        expect(container).to.deep.equal(own.body.data);
        expect(container[list]).to.have.length(1);
      }
    });
  }

  it('Q3 2022 as filed (year to date): figures from the statements themselves', async () => {
    const income = await get(
      '/v1/financials/cross-section?statement=income&report_date=2022-09-30&fields=report_date,revenue',
    );
    expect(income.body.data).to.deep.equal([
      { symbol: '000333.SZ', name: '美的集团', income_statements: [{ report_date: '2022-09-30', revenue: 380 * M }] },
      {
        symbol: '600519.SH',
        name: '贵州茅台',
        income_statements: [{ report_date: '2022-09-30', revenue: 87160232759.05 }],
      },
    ]);
    // 600519.SH's balance sheet and cash flow of 2022-09-30 (test/fixtures/financials, columns total_assets and n_cashflow_act).
    const moutai = async (statement: string, field: string) => {
      const { body } = await get(
        `/v1/financials/cross-section?statement=${statement}&report_date=2022-09-30&fields=${field}`,
      );
      const container = body.data.find((one: { symbol: string }) => one.symbol === '600519.SH');
      return Object.values(container).find(Array.isArray)![0][field];
    };
    expect(await moutai('balance-sheet', 'total_assets')).to.equal(247756923862.35);
    expect(await moutai('cash-flow', 'net_operating_cash_flow')).to.equal(9405337008.75);
  });

  it('as_of: a company that had not reported by then is absent; pages by code', async () => {
    // 000333.SZ announced FY2021 on 2022-03-30, 600519.SH on 2022-03-31
    const early = await get(
      '/v1/financials/cross-section?statement=income&report_date=2021-12-31&as_of=2022-03-30&fields=report_date',
    );
    expect(early.body.data.map((container: { symbol: string }) => container.symbol)).to.deep.equal(['000333.SZ']);
    const second = await get(
      '/v1/financials/cross-section?statement=income&report_date=2021-12-31&limit=1&page=2&fields=report_date',
    );
    expect(second.body.data.map((container: { symbol: string }) => container.symbol)).to.deep.equal(['600519.SH']);
    expect(second.body.pagination).to.include({
      total_items: 2,
      total_pages: 2,
      has_prev_page: true,
      has_next_page: false,
    });
    expect(
      (await get('/v1/financials/cross-section?statement=income&report_date=2021-12-31&limit=1&page=3')).body.data,
    ).to.deep.equal([]);
  });

  it('errors: no period end, nobody reported, an unknown field or statement', async () => {
    expect((await get('/v1/financials/cross-section?statement=income&report_date=2021-12-30')).body.error).to.equal(
      'invalid_parameter',
    );
    expect(
      (await get('/v1/financials/cross-section?statement=income&report_date=2021-12-31&as_of=2022-01-01')).body,
    ).to.deep.equal({
      code: 404,
      message: 'No income statement of the period ending 2021-12-31 announced by 2022-01-01',
      error: 'no_data',
    });
    expect(
      (await get('/v1/financials/cross-section?statement=cash-flow&report_date=2021-12-31&fields=revenue')).body.error,
    ).to.equal('invalid_field');
    expect((await get('/v1/financials/cross-section?statement=ratios&report_date=2021-12-31')).body.error).to.equal(
      'invalid_parameter',
    );
    expect(
      (await get('/v1/financials/cross-section?statement=income&report_date=2021-12-31&limit=6001')).body.error,
    ).to.equal('invalid_parameter');
  });
});
