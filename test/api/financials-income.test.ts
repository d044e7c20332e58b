import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';
import { BANK_SYMBOL, FIXTURE_SYMBOL, M } from '../support/financialFixtures';

const PATH = '/v1/financials/income-statement';

describe('GET /v1/financials/income-statement', () => {
  const api = useSharedFixture();

  const records = async (query: string) => {
    const { status, body } = await api.get(`${PATH}?${query}`);
    expect(status, JSON.stringify(body)).to.equal(200);
    return body.data.income_statements as Record<string, any>[];
  };

  describe('real 600519.SH statements', () => {
    it('annual by default: FY2021 with every field of the spec, in spec order', async () => {
      const { status, body } = await api.get(`${PATH}?symbol=600519`);
      expect(status).to.equal(200);
      expect(body.data).to.include({ symbol: '600519.SH', name: '贵州茅台' });
      expect(body.data.income_statements).to.have.length(1);
      const fy = body.data.income_statements[0];
      expect(Object.keys(fy)).to.deep.equal([
        'report_date',
        'report_name',
        'revenue',
        'operating_cost',
        'selling_expenses',
        'admin_expenses',
        'rd_expenses',
        'financial_expenses',
        'interest_expenses',
        'interest_income',
        'investment_income',
        'operating_profit',
        'non_operating_income',
        'non_operating_expenses',
        'profit_before_tax',
        'income_tax',
        'net_profit',
        'net_profit_parent',
        'net_profit_minority',
        'basic_eps',
        'diluted_eps',
        'comprehensive_income',
        'comprehensive_income_parent',
        'comprehensive_income_minority',
        'ebitda',
        'gross_profit',
        'gross_margin',
        'operating_margin',
        'net_margin',
        'annual_growth_revenue',
        'annual_growth_profit',
      ]);
      expect(fy).to.include({
        report_date: '2021-12-31',
        report_name: '2021年年报',
        revenue: 106190154843.76,
        operating_cost: 8983377809.96,
        net_profit: 55720529956.46,
        net_profit_parent: 52460144378.16,
        basic_eps: 41.76,
        ebitda: 75341560411.71,
        interest_expenses: 13529867.76,
        interest_income: 944578412.02,
      });
      // no FY2020 in the data: growth has no base
      expect(fy).to.include({ annual_growth_revenue: null, annual_growth_profit: null });
    });

    it('quarterly: every periodic report newest first, year to date as reported, growth null', async () => {
      const list = await records('symbol=600519.SH&period=quarterly');
      expect(list.map((r) => [r.report_date, r.report_name])).to.deep.equal([
        ['2022-09-30', '2022年三季报'],
        ['2022-06-30', '2022年中报'],
        ['2022-03-31', '2022年一季报'],
        ['2021-12-31', '2021年年报'],
      ]);
      expect(list[0]).to.include({
        revenue: 87160232759.05,
        operating_cost: 7082313332.56,
        selling_expenses: 2405739943.45,
        admin_expenses: 5568895544.01,
        rd_expenses: 114934513.17,
        financial_expenses: -1005471184.64,
        interest_expenses: 8720410.22,
        interest_income: 1064812641.22,
        investment_income: 47880000,
        operating_profit: 61961547199.61,
        non_operating_income: 49078522.18,
        non_operating_expenses: 94204568.85,
        profit_before_tax: 61916421152.94,
        income_tax: 15602427379.53,
        net_profit: 46313993773.41,
        net_profit_parent: 44399815583.54,
        net_profit_minority: 1914178189.87,
        basic_eps: 35.34,
        diluted_eps: 35.34,
        comprehensive_income: 46311671697.97,
        comprehensive_income_parent: 44397493508.1,
        comprehensive_income_minority: 1914178189.87,
        ebitda: null,
        annual_growth_revenue: null,
        annual_growth_profit: null,
      });
    });

    it('derived: gross profit and the three margins (hand-computed from 2022 Q3)', async () => {
      const [q3] = await records('symbol=600519&period=quarterly&limit=1');
      // 87160232759.05 − 7082313332.56; ÷ revenue × 100; 61961547199.61 ÷ revenue; 46313993773.41 ÷ revenue
      expect(q3).to.include({
        gross_profit: 80077919426.49,
        gross_margin: 91.8744,
        operating_margin: 71.0892,
        net_margin: 53.1366,
      });
    });

    it('ttm: null where the year-earlier quarter is not stored; the year end is the annual report', async () => {
      const list = await records('symbol=600519&period=ttm');
      expect(list.map((r) => r.report_name)).to.deep.equal([
        '2022年三季报TTM',
        '2022年中报TTM',
        '2022年一季报TTM',
        '2021年TTM',
      ]);
      expect(list[0]).to.include({
        revenue: null,
        net_profit: null,
        gross_profit: null,
        gross_margin: null,
        annual_growth_revenue: null,
      });
      expect(list[3]).to.include({ revenue: 106190154843.76, net_profit: 55720529956.46 });
    });
  });

  describe('synthetic multi-year company (000333.SZ fixtures)', () => {
    it('annual growth against the restated prior year, and from a negative base', async () => {
      const list = await records(`symbol=${FIXTURE_SYMBOL}&limit=10`);
      expect(
        list.map((r) => [r.report_date, r.revenue, r.annual_growth_revenue, r.annual_growth_profit]),
      ).to.deep.equal([
        ['2024-12-31', 600 * M, 3.4483, 36.3636], // (600−580)/580, (60−44)/44 against the restated FY2023
        ['2023-12-31', 580 * M, 16, 76], // restated figures shown; (580−500)/500, (44−25)/25
        ['2022-12-31', 500 * M, 8.6957, 150], // net profit 25 against −50: (25+50)/|−50|
        ['2021-12-31', 460 * M, null, null], // no FY2020
      ]);
    });

    it('ttm: YTD + prior FY − prior YTD, growth against the TTM a year earlier, null across the missing quarter', async () => {
      const list = await records(`symbol=${FIXTURE_SYMBOL}&period=ttm&limit=4`);
      expect(list.map((r) => r.report_name)).to.deep.equal([
        '2024年TTM',
        '2024年三季报TTM',
        '2024年中报TTM',
        '2024年一季报TTM',
      ]);
      const [fy, q3, h1, q1] = list;
      expect(fy).to.include({ revenue: 600 * M, net_profit: 60 * M, annual_growth_revenue: 3.4483 });
      // 450 + 580 − 420 = 610; a year earlier 420 + 500 − 380 = 540 → +12.963 %
      expect(q3).to.include({
        revenue: 610 * M,
        operating_cost: 366 * M,
        gross_profit: 244 * M,
        gross_margin: 40,
        annual_growth_revenue: 12.963,
      });
      // net profit 45 + 44 − 30 = 59 against 30 + 25 − 20 = 35 → +68.5714 %; EPS 0.45 + 0.44 − 0.30
      expect(q3).to.include({ net_profit: 59 * M, annual_growth_profit: 68.5714, basic_eps: 0.59, net_margin: 9.6721 });
      // 2023-06-30 was never published: no TTM at 2024-06-30, and no growth
      expect(h1).to.include({ revenue: null, net_profit: null, gross_margin: null, annual_growth_revenue: null });
      // 150 + 580 − 130 = 600 against 130 + 500 − 120 = 510 → +17.6471 %
      expect(q1).to.include({ revenue: 600 * M, annual_growth_revenue: 17.6471 });
    });

    it('as_of: the figures known then, before the restatement and before FY2024', async () => {
      const annual = await records(`symbol=${FIXTURE_SYMBOL}&as_of=2024-12-31&limit=2`);
      expect(annual.map((r) => [r.report_date, r.revenue, r.net_profit])).to.deep.equal([
        ['2023-12-31', 560 * M, 40 * M],
        ['2022-12-31', 500 * M, 25 * M],
      ]);
      const [q3] = await records(`symbol=${FIXTURE_SYMBOL}&period=ttm&as_of=2024-12-31&limit=1`);
      expect(q3).to.include({ report_date: '2024-09-30', revenue: 590 * M }); // 450 + 560 − 420
      const [restated] = await records(`symbol=${FIXTURE_SYMBOL}&as_of=2025-03-30&end_date=2023-12-31&limit=1`);
      expect(restated).to.include({ revenue: 580 * M });
    });

    it('as_of before anything was announced → 404 no_data', async () => {
      const { status, body } = await api.get(`${PATH}?symbol=${FIXTURE_SYMBOL}&as_of=2021-01-01`);
      expect(status).to.equal(404);
      expect(body.error).to.equal('no_data');
    });

    it('report_type=parent reads the parent statements; a zero base gives null growth', async () => {
      const list = await records(`symbol=${FIXTURE_SYMBOL}&report_type=parent`);
      expect(
        list.map((r) => [r.report_date, r.revenue, r.annual_growth_revenue, r.annual_growth_profit]),
      ).to.deep.equal([
        ['2023-12-31', 220 * M, 10, null], // net profit 10 against 0
        ['2022-12-31', 200 * M, null, null],
      ]);
    });

    it('begin_date and end_date select periods by their end; limit caps them', async () => {
      const list = await records(
        `symbol=${FIXTURE_SYMBOL}&period=quarterly&begin_date=2022-01-01&end_date=2022-12-31&limit=20`,
      );
      expect(list.map((r) => r.report_date)).to.deep.equal(['2022-12-31', '2022-09-30', '2022-06-30', '2022-03-31']);
      expect(await records(`symbol=${FIXTURE_SYMBOL}&period=quarterly`)).to.have.length(5);
      expect(await records(`symbol=${FIXTURE_SYMBOL}&period=quarterly&limit=20`)).to.have.length(15);
    });

    it('banks report interest as a business line (int_exp, int_income)', async () => {
      const [fy] = await records(`symbol=${BANK_SYMBOL}`);
      expect(fy).to.include({ interest_expenses: 300 * M, interest_income: 800 * M, revenue: 1000 * M });
    });
  });

  it('several symbols → an array in request order; one without statements has an empty list', async () => {
    const { status, body } = await api.get(`${PATH}?symbol=sh.600519,${FIXTURE_SYMBOL},600000&fields=report_date`);
    expect(status).to.equal(200);
    expect(body.data.map((c: any) => [c.symbol, c.income_statements.length])).to.deep.equal([
      ['600519.SH', 1],
      ['000333.SZ', 4],
      ['600000.SH', 0],
    ]);
  });

  it('fields selects and orders the record fields', async () => {
    const [fy] = await records('symbol=600519&fields=net_margin,report_date,revenue');
    expect(fy).to.deep.equal({ net_margin: 52.4724, report_date: '2021-12-31', revenue: 106190154843.76 });
  });

  describe('errors', () => {
    const expectError = async (query: string, status: number, code: string) => {
      const response = await api.get(`${PATH}?${query}`);
      expect(response.status, JSON.stringify(response.body)).to.equal(status);
      expect(response.body.error).to.equal(code);
      expect(response.body.code).to.equal(status);
      return response.body.message as string;
    };

    it('malformed or unknown symbol → 400 invalid_symbol', async () => {
      expect(await expectError('symbol=12345', 400, 'invalid_symbol')).to.equal('Invalid symbol: 12345');
      expect(await expectError('symbol=609999', 400, 'invalid_symbol')).to.equal('Unknown symbol: 609999.SH');
    });
    it('unknown period → 400 invalid_period', async () => {
      expect(await expectError('symbol=600519&period=monthly', 400, 'invalid_period')).to.contain('period');
    });
    it('unknown report_type → 400 invalid_report_type', async () => {
      await expectError('symbol=600519&report_type=group', 400, 'invalid_report_type');
    });
    it('more than 10 symbols → 400 too_many_symbols', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => `6000${String(i).padStart(2, '0')}`).join(',');
      await expectError(`symbol=${eleven}`, 400, 'too_many_symbols');
    });
    it('no period in the range → 404 no_data', async () => {
      await expectError('symbol=600000', 404, 'no_data');
      await expectError('symbol=600519&begin_date=2023-01-01', 404, 'no_data');
    });
    it('limit over 20 (or under 1) → 400 invalid_parameter', async () => {
      await expectError('symbol=600519&limit=21', 400, 'invalid_parameter');
      await expectError('symbol=600519&limit=0', 400, 'invalid_parameter');
      expect((await api.get(`${PATH}?symbol=600519&limit=20`)).status).to.equal(200);
    });
    it('unknown field → 400 invalid_field', async () => {
      await expectError('symbol=600519&fields=revenue,price', 400, 'invalid_field');
    });
    it('bad as_of or dates → 400 invalid_date_format', async () => {
      await expectError('symbol=600519&as_of=2024-02-30', 400, 'invalid_date_format');
      await expectError('symbol=600519&end_date=20241231', 400, 'invalid_date_format');
    });
    it('missing symbol → 400 missing_parameter; page is not a parameter here', async () => {
      await expectError('period=annual', 400, 'missing_parameter');
      await expectError('symbol=600519&page=2', 400, 'invalid_parameter');
    });
  });
});
