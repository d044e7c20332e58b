import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Knex } from 'knex';
import { runAudit } from '../../src/audit/runAudit';
import { importBundle } from '../../src/ingest/bundle';
import { TUSHARE_API_NAMES, TUSHARE_APIS } from '../../src/catalogue/apiCatalogue';
import { paths } from '../../src/paths';
import { insertSecurities, keyOnPlan, loadIndustryIndexFixture, loadSessionFixture } from '../support/marketData';
import { loadReferenceFixtures, loadShenwanFixtures } from '../support/referenceData';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { DATASET_FIXTURES, tushareExampleOf } from '../support/sampleRequests';
import { useTestServer } from '../support/server';
import { skipVisibly } from '../support/skip';

/**
 * The demo bundle through the importer (`ashare import db/demo` does the same): Tushare's files, Tushare's units;
 * then the reference, Shenwan and session fixtures, so that every api_name has rows to answer.
 */
async function seed(db: Knex): Promise<void> {
  await importBundle(db, paths.demoData);
  await loadReferenceFixtures(db);
  await loadShenwanFixtures(db);
  await loadSessionFixture(db);
  await loadIndustryIndexFixture(db);
  // The demo ships index bars, not index_basic: the index rows index_basic answers.
  await insertSecurities(db, [{ ts_code: '000300.SH', name: '沪深300', kind: 'index' }]);
  // Nor disclosure dates: one planned and announced period.
  await db('disclosure_dates').insert({
    ts_code: '600519.SH',
    end_date: '2024-12-31',
    ann_date: '2025-01-10',
    pre_date: '2025-04-03',
    actual_date: '2025-04-03',
  });
  // Nor the datasets: their fixture bundle.
  await importBundle(db, DATASET_FIXTURES);
  // The day states of two stocks, as an import's audit writes them, and a risk warning planted on one of their
  // days, so that stock_st has a row (the rules that set the states are test/api/day-states.test.ts's).
  await runAudit(db, { symbols: ['000651.SZ', '000858.SZ'], now: new Date('2026-03-02T09:00:00Z') });
  await db('day_states')
    .where({ ts_code: '000651.SZ', trade_date: '2024-12-31' })
    .update({ name: 'ST样本', risk_warning: 'ST' });
}

const csvRows = (file: string): Record<string, string>[] =>
  parse(readFileSync(join(paths.demoData, file)), { columns: true });

describe('POST /dataapi: Tushare-compatible wire format', () => {
  const store = useTestServer(seed);
  let key = '';
  before(async () => {
    key = await keyOnPlan(store.db, 'professional');
  });

  /** What Tushare's SDK 1.4 posts: `{http_url}/{api_name}`, a JSON body with token, params and fields as a comma string. */
  const post = async (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await fetch(store.server.baseUrl + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const query = async (apiName: string, params: Record<string, unknown>, fields = '', token = key) => {
    const { status, text } = await post(`/dataapi/${apiName}`, { api_name: apiName, token, params, fields });
    expect(status).to.equal(200);
    return JSON.parse(text);
  };

  it("daily: both path forms answer the same bytes but the request id, in Tushare's layout and units", async () => {
    const body = {
      api_name: 'daily',
      token: key,
      params: { ts_code: '600519.SH', start_date: '20250403', end_date: '20250403' },
      fields: '',
    };
    const sdk14 = JSON.parse((await post('/dataapi/daily', body)).text);
    const older = JSON.parse((await post('/dataapi', body)).text);
    expect({ ...older, request_id: sdk14.request_id }).to.deep.equal(sdk14);
    // daily.csv: 600519.SH,20250403,1530.0,1586.0,1529.01,1568.88,1549.02,19.86,1.2821,35480.5,5557442.052 (amount in thousand yuan)
    expect(sdk14).to.deep.equal({
      request_id: sdk14.request_id,
      code: 0,
      msg: '',
      data: {
        fields: [
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
        ],
        items: [['600519.SH', '20250403', 1530, 1586, 1529.01, 1568.88, 1549.02, 19.86, 1.2821, 35480.5, 5557442.052]],
        has_more: false,
      },
    });
  });

  it('round trip: the imported daily, daily_basic, adj_factor and index_weight rows read back as the CSV holds them', async () => {
    const asCsv = (value: unknown) => (value === null ? '' : String(value));
    const numeric = (row: Record<string, string>, columns: string[]) =>
      columns.map((column) => (row[column] === '' ? '' : String(Number(row[column]))));
    const daily = csvRows('daily.csv')
      .filter((row) => row.trade_date === '20250403')
      .slice(0, 300);
    const columns = [
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
    const answer = await query(
      'daily',
      { ts_code: daily.map((row) => row.ts_code).join(','), trade_date: '20250403' },
      columns.join(','),
    );
    const byCode = new Map(answer.data.items.map((item: unknown[]) => [item[0], item.map(asCsv)]));
    for (const row of daily)
      expect(byCode.get(row.ts_code), row.ts_code).to.deep.equal([
        row.ts_code,
        row.trade_date,
        ...numeric(row, columns.slice(2)),
      ]);

    const basic = csvRows('daily_basic.csv').slice(0, 200);
    const basicColumns = Object.keys(basic[0]!);
    const basicAnswer = await query('daily_basic', { trade_date: '20250403', limit: 6000 }, basicColumns.join(','));
    expect(basicAnswer.data.items).to.have.length(5393);
    const basicByCode = new Map(basicAnswer.data.items.map((item: unknown[]) => [item[0], item.map(asCsv)]));
    // A day asked whole answers each security under its current code: a Beijing stock's under its 920 code.
    const currentCode = new Map(csvRows('bse_mapping.csv').map((row) => [row.o_code, row.n_code]));
    // total_share, total_mv…: 10,000 shares and 10,000 yuan on the wire as in the file (stored ×10^4)
    for (const row of basic)
      expect(basicByCode.get(currentCode.get(row.ts_code) ?? row.ts_code), row.ts_code).to.deep.equal([
        currentCode.get(row.ts_code) ?? row.ts_code,
        row.trade_date,
        ...numeric(row, basicColumns.slice(2)),
      ]);

    const factors = csvRows('adj_factor.csv').filter((row) => row.ts_code === '000001.SZ');
    const factorAnswer = await query('adj_factor', {
      ts_code: '000001.SZ',
      start_date: '20240101',
      end_date: '20241231',
    });
    expect(factorAnswer.data.items.map((item: unknown[]) => item.map(asCsv)).reverse()).to.deep.equal(
      factors.map((row) => [row.ts_code, row.trade_date, String(Number(row.adj_factor))]),
    );

    const weights = csvRows('index_weight.csv').filter((row) => row.trade_date === '20231130');
    const weightAnswer = await query('index_weight', { index_code: '399300.SZ', trade_date: '20231130' });
    expect(weightAnswer.data.fields).to.deep.equal(['index_code', 'con_code', 'trade_date', 'weight']);
    expect(weightAnswer.data.items.map((item: unknown[]) => item.map(asCsv)).sort()).to.deep.equal(
      weights.map((row) => [row.index_code, row.con_code, row.trade_date, String(Number(row.weight))]).sort(),
    );
  });

  it("pro_bar(adj='qfq'): its daily and adj_factor calls give the forward-adjusted closes of /v1/market/daily", async () => {
    const range = { ts_code: '000001.SZ', start_date: '20240610', end_date: '20240621' };
    const daily = await query('daily', range);
    const factors = await query('adj_factor', {
      ts_code: '000001.SZ',
      trade_date: '',
      start_date: '20240101',
      end_date: '20241231',
    });
    // pro_bar: price × adj_factor ÷ the latest adj_factor it read (2024-12-31, 127.7841)
    const factorOf = new Map(factors.data.items.map((item: [string, string, number]) => [item[1], item[2]]));
    const latest = factors.data.items[0][2];
    const qfq = daily.data.items.map(
      (item: unknown[]) =>
        Math.round((((item[5] as number) * (factorOf.get(item[1] as string) as number)) / latest) * 100) / 100,
    );
    const ours = await fetch(
      `${store.server.baseUrl}/v1/market/daily?symbol=000001.SZ&begin_date=2024-06-10&end_date=2024-06-21&fields=close`,
      { headers: { 'X-API-KEY': key } },
    );
    expect(qfq).to.deep.equal((await ours.json()).data.daily.map((bar: { close: number }) => bar.close));
  });

  it('statements: the stored version with ann_date, f_ann_date and update_flag; income_vip by period', async () => {
    // The demo's two rows of FY2021 share their announcement (f_ann_date): the import keeps the corrected one, update_flag 1.
    const answer = await query(
      'income',
      { ts_code: '600519.SH', period: '20211231' },
      'ts_code,ann_date,f_ann_date,end_date,report_type,revenue,n_income,update_flag',
    );
    expect(answer.data.items).to.deep.equal([
      ['600519.SH', '20220331', '20220331', '20211231', '1', 106190154843.76, 55720529956.46, '1'],
    ]);
    const vip = await query('income_vip', { period: '20220930' }, 'ts_code,end_date,basic_eps');
    expect(vip.data.items).to.deep.equal([['600519.SH', '20220930', 35.34]]);
  });

  it('every api_name answers rows of its default fields, and fields picks and orders them', async () => {
    const params: Record<string, Record<string, string>> = {
      ...Object.fromEntries(DATASET_DESCRIPTORS.map((descriptor) => [descriptor.api, tushareExampleOf(descriptor)])),
      cb_price_chg: { ts_code: '113050.SH' },
      fund_div: { ts_code: '510300.SH' },
      income: { ts_code: '600519.SH' },
      balancesheet: { ts_code: '600519.SH' },
      cashflow: { ts_code: '600519.SH' },
      income_vip: { period: '20211231' },
      balancesheet_vip: { period: '20211231' },
      cashflow_vip: { period: '20211231' },
      index_daily: { ts_code: '000300.SH' },
      sw_daily: { ts_code: '801120.SI' },
      index_weight: { index_code: '399300.SZ' },
      stk_mins: { ts_code: '000001.SZ' },
      dividend: { ts_code: '600519.SH' },
      weekly: { ts_code: '000001.SZ', start_date: '20240101', end_date: '20241231' },
      monthly: { ts_code: '000001.SZ', start_date: '20240101', end_date: '20241231' },
      ths_member: { ts_code: '885800.TI' },
      // 五粮液's second and third up limits in a row, 2024-09-27 and 09-30 (the real bars of 2024).
      limit_step: { ts_code: '000858.SZ' },
    };
    for (const apiName of TUSHARE_API_NAMES) {
      const answer = await query(apiName, { ...params[apiName], limit: 3 });
      expect([apiName, answer.code, answer.msg]).to.deep.equal([apiName, 0, '']);
      const api = TUSHARE_APIS[apiName]!;
      const defaults = api.defaults ?? Object.keys(api.fields);
      expect(answer.data.fields.slice(0, defaults.length), apiName).to.deep.equal(defaults);
      expect(answer.data.items.length, apiName).to.be.within(1, 3);
      for (const item of answer.data.items) expect(item).to.have.length(answer.data.fields.length);
    }
    const picked = await query('stock_basic', { ts_code: '600519.SH' }, 'name,ts_code');
    expect(picked.data).to.deep.equal({
      fields: ['name', 'ts_code'],
      items: [['贵州茅台', '600519.SH']],
      has_more: false,
    });
  });

  it('weekly: the week of a trade_date summed from its daily bars', async () => {
    const week = await query(
      'weekly',
      { ts_code: '000001.SZ', trade_date: '20240614' },
      'ts_code,trade_date,open,high,low,close,vol',
    );
    const days = await query(
      'daily',
      { ts_code: '000001.SZ', start_date: '20240611', end_date: '20240614' },
      'open,high,low,close,vol',
    );
    const bars = days.data.items.reverse() as number[][];
    expect(week.data.items).to.deep.equal([
      [
        '000001.SZ',
        '20240614',
        bars[0]![0],
        Math.max(...bars.map((bar) => bar[1]!)),
        Math.min(...bars.map((bar) => bar[2]!)),
        bars.at(-1)![3],
        Math.round(bars.reduce((sum, bar) => sum + bar[4]!, 0) * 100) / 100,
      ],
    ]);
  });

  it('row caps and has_more; limit and offset page', async () => {
    const first = await query('daily', { trade_date: '20250403', limit: 2 }, 'ts_code');
    const second = await query('daily', { trade_date: '20250403', limit: 2, offset: 2 }, 'ts_code');
    expect(first.data.has_more).to.equal(true);
    expect([...first.data.items, ...second.data.items].flat()).to.deep.equal(
      (await query('daily', { trade_date: '20250403', limit: 4 }, 'ts_code')).data.items.flat(),
    );
    const capped = await query('daily', { trade_date: '20250403', limit: 100_000 }, 'ts_code');
    expect([capped.data.items.length, capped.data.has_more]).to.deep.equal([5393, false]);
  });

  it('an empty page of a day the plan sees asks the store once; one reaching past its cut-off looks for a hidden row', async () => {
    const asked: string[] = [];
    const record = (query: { sql: string }) => {
      if (/daily_bars/.test(query.sql)) asked.push(query.sql);
    };
    // The starter plan's cut-off is the last session it sees.
    const starter = await keyOnPlan(store.db, 'starter');
    store.db.on('query', record);
    try {
      // A Saturday: no bar, and none can be hidden.
      expect((await query('daily', { trade_date: '20250405' }, 'ts_code', starter)).data.items).to.deep.equal([]);
      expect(asked).to.have.length(1);
      // From a day past every stored bar, open-ended: the plan's cut-off may hide one, so the store is asked.
      asked.length = 0;
      expect((await query('daily', { start_date: '20991201' }, 'ts_code', starter)).data.items).to.deep.equal([]);
      expect(asked).to.have.length(2);
    } finally {
      store.db.off('query', record);
    }
  });

  it('failures are HTTP 200 with a non-zero code: unknown api (naming the list), parameter, field, token, scope', async () => {
    const unknown = await query('daily_vip_x', {});
    expect(unknown.code).to.equal(40400);
    expect(unknown.msg).to.include('supported: stock_basic, index_basic, fund_basic');
    expect(await query('daily', { trade_date: '2025-13-45' }).then((a) => [a.code, a.msg])).to.deep.equal([
      40001,
      'trade_date must be a date YYYYMMDD: 2025-13-45',
    ]);
    expect((await query('daily', {}, 'ts_code,close,price')).msg).to.equal(
      'Unknown field of daily: price; its fields: ts_code, trade_date, open, high, low, close, pre_close, change, pct_chg, vol, amount',
    );
    expect((await query('daily', {}, '', 'ak_not_a_key')).code).to.equal(40101);
    const marketOnly = await keyOnPlan(store.db, 'enterprise', { scopes: ['market'] });
    const { text } = await post(
      '/dataapi',
      { api_name: 'income', params: { ts_code: '600519.SH' } },
      { 'X-API-KEY': marketOnly },
    );
    expect(JSON.parse(text)).to.include({ code: 2002, msg: 'This key has no financials scope, which income needs' });
    expect((await query('daily', { ts_code: '600519.SH' }, 'ts_code', marketOnly)).code).to.equal(0);
    expect((await post('/dataapi', { api_name: 'daily', token: key, params: 'nope' })).text).to.match(/"code":40001/);
  });

  it("an exhausted budget: HTTP 200, code 40203 and Tushare's own message", async () => {
    const limited = await keyOnPlan(store.db, 'enterprise', { scopes: ['market'], perMinute: 2 });
    await query('trade_cal', {}, '', limited);
    await query('trade_cal', {}, '', limited);
    const refused = await query('trade_cal', {}, '', limited);
    expect([refused.code, refused.msg, refused.data]).to.deep.equal([
      40203,
      '抱歉，您每分钟最多访问该接口2次，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。',
      null,
    ]);
  });

  it('the tushare SDK itself, when the machine has it', async function () {
    const { spawnSync } = await import('node:child_process');
    if (spawnSync('python3', ['-c', 'import tushare'], { stdio: 'ignore' }).status !== 0) {
      skipVisibly(
        this,
        'the Tushare SDK test',
        'the tushare Python package is not installed (no package index here)',
        'REQUIRE_TUSHARE_SDK',
      );
    }
    const script = `import tushare as ts\npro = ts.pro_api('${key}')\npro._DataApi__http_url = '${store.server.baseUrl}/dataapi'\nprint(len(pro.daily(ts_code='600519.SH', start_date='20250403', end_date='20250403')))`;
    expect(spawnSync('python3', ['-c', script], { encoding: 'utf8' }).stdout.trim()).to.equal('1');
  });
});
