import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { importBundle } from '../../src/ingest/bundle';
import { rejectionLines } from '../../src/loaders/loaderTypes';
import { syncTushare } from '../../src/ingest/tushare/tushareSync';
import { TUSHARE_APIS } from '../../src/catalogue/apiCatalogue';
import { dataapi } from '../support/dataapi';
import { call } from '../support/http';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { flatBar, insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';
import { useTestServer } from '../support/server';
import { ok, startTushareReplay } from '../ingest/support/tushareReplay';

const DOCUMENTED = join(import.meta.dirname, '../fixtures/documented');

/**
 * An api's documented rows: the file, the `/dataapi` parameters that answer them all, the table they land in,
 * the lines whose row is one with a later line's (the source sent one fact twice) and those the store leaves out.
 */
const APIS = [
  {
    api: 'trade_cal',
    params: { start_date: '20180101', end_date: '20180108' },
    table: 'trade_calendar',
    synced: false,
  },
  {
    api: 'stock_basic',
    params: { ts_code: '000001.SZ,000002.SZ,000004.SZ,000005.SZ,000006.SZ,000007.SZ' },
    table: 'securities',
    synced: false,
  },
  { api: 'daily', params: { ts_code: '000001.SZ' }, table: 'daily_bars' },
  { api: 'adj_factor', params: { ts_code: '000001.SZ' }, table: 'adj_factors' },
  { api: 'sw_daily', params: { trade_date: '20230705' }, table: 'daily_bars' },
  { api: 'fund_adj', params: { ts_code: '513100.SH' }, table: 'adj_factors' },
  { api: 'suspend_d', params: { trade_date: '20200312' }, table: 'trading_halts' },
  { api: 'daily_basic', params: { trade_date: '20180726' }, table: 'daily_basic' },
  { api: 'moneyflow', params: { trade_date: '20190315' }, table: 'money_flows' },
  { api: 'stk_holdernumber', params: { ts_code: '300199.SZ' }, table: 'holder_counts' },
  { api: 'hk_hold', params: { trade_date: '20190625' }, table: 'northbound_holdings' },
  { api: 'margin', params: { trade_date: '20180802' }, table: 'margin_totals' },
  { api: 'margin_detail', params: { trade_date: '20180802' }, table: 'margin_details' },
  { api: 'fund_nav', params: { ts_code: '165509.SZ' }, table: 'fund_navs' },
  { api: 'index_weight', params: { index_code: '399300.SZ' }, table: 'index_weights' },
  { api: 'fund_share', params: { ts_code: '150018.SZ' }, table: 'fund_shares' },
  { api: 'disclosure_date', params: { end_date: '20181231' }, table: 'disclosure_dates' },
  { api: 'top10_holders', params: { ts_code: '600000.SH' }, table: 'top_holders' },
  { api: 'top10_floatholders', params: { ts_code: '600000.SH' }, table: 'top_float_holders' },
  {
    api: 'cb_call',
    params: { ts_code: '123069.SZ,113621.SH,113528.SH,113012.SH,128113.SZ,125069.SZ,125630.SZ,100009.SH' },
    table: 'convertible_calls',
    synced: false,
  },
  { api: 'cb_price_chg', params: { ts_code: '113556.SH,128110.SZ,128114.SZ' }, table: 'convertible_price_changes' },
  { api: 'namechange', params: { ts_code: '000005.SZ' }, table: 'name_changes', mergedLines: [3] },
  { api: 'top_list', params: { trade_date: '20180928' }, table: 'top_lists' },
  {
    api: 'stock_company',
    params: { ts_code: '000001.SZ,000002.SZ,000003.SZ,000004.SZ,000005.SZ,000006.SZ,000007.SZ' },
    table: 'company_profiles',
  },
  { api: 'fund_basic', params: { ts_code: '512850.SH,168601.SZ,512860.SH,159960.SZ,501062.SH' }, table: 'funds' },
  {
    api: 'index_classify',
    params: { index_code: '801010.SI,801030.SI,801040.SI,801050.SI,801080.SI' },
    table: 'industry_classes',
  },
  { api: 'index_member_all', params: { l3_code: '850531.SI' }, table: 'industry_members' },
  { api: 'ths_index', params: { exchange: 'A' }, table: 'concept_boards' },
  // The sync asks each stored board for its members: doc 261's board (885800.TI) is not among doc 259's rows.
  { api: 'ths_member', params: { ts_code: '885800.TI' }, table: 'concept_members', synced: false },
  // Its example's first two rows are one fact sent twice. The sync asks `income_vip` by period, of no example.
  { api: 'income', params: { ts_code: '600000.SH' }, table: 'income_statements', mergedLines: [3], synced: false },
  { api: 'balancesheet', params: { ts_code: '600000.SH' }, table: 'balance_sheets', synced: false },
  // Its example's last two rows are one fact sent twice, as income's.
  { api: 'cashflow', params: { ts_code: '600000.SH' }, table: 'cash_flows', mergedLines: [4], synced: false },
  // The whole market's statements of a period: the same pages, the same rows (file: the api whose page shows them).
  ...(['income', 'balancesheet', 'cashflow'] as const).map((statement) => ({
    api: `${statement}_vip`,
    file: statement,
    params: { ts_code: '600000.SH' },
    table: { income: 'income_statements', balancesheet: 'balance_sheets', cashflow: 'cash_flows' }[statement],
    mergedLines: { income: [3], balancesheet: [], cashflow: [4] }[statement],
    synced: false,
  })),
  {
    api: 'stk_mins',
    params: { ts_code: '600000.SH', freq: '1min', start_date: '2023-08-25 09:00:00', end_date: '2023-08-25 19:00:00' },
    table: 'intraday_bars',
    synced: false,
  },
  // Not synced: Tushare asks it by a range of subscription days, which the sync does not ask (disclosureDescriptors.ts).
  { api: 'new_share', params: { start_date: '20180901', end_date: '20181018' }, table: 'new_shares', synced: false },
  { api: 'forecast', params: { ann_date: '20190131' }, table: 'forecasts' },
  { api: 'express', params: { ts_code: '603535.SH' }, table: 'expresses' },
  // Two buy-backs of 300451.SZ completed on one day, kept as two rows (seq 1 and 2).
  { api: 'repurchase', params: { ann_date: '20181010' }, table: 'repurchases' },
  // Two sales of one holder of 300115.SZ announced together, kept as two rows.
  { api: 'stk_holdertrade', params: { ann_date: '20190426' }, table: 'holder_trades' },
  { api: 'block_trade', params: { trade_date: '20181227' }, table: 'block_trades' },
  { api: 'share_float', params: { ann_date: '20181220' }, table: 'share_floats' },
  { api: 'stk_limit', params: { trade_date: '20190625' }, table: 'price_limits' },
  { api: 'anns_d', params: { start_date: '20230620', end_date: '20230621' }, table: 'announcements' },
  // Funds outside the exchanges (.OF) have no code here: left out by design.
  { api: 'fund_div', params: { ts_code: '164702.SZ' }, table: 'fund_dividends', leftOutLines: [2, 3, 4, 5, 6, 8, 9] },
] as const;

/**
 * What the sync stores of the documented rows, by api: the tables above, and the BSE codes as code changes; not the
 * calendar, which the replay answers with the documented days, nor the stock list, which the test writes the
 * securities the sync asks for into (their own syncs: test/ingest/sync.test.ts), nor the calls of convertibles, whose
 * sync asks each announcement day and whose example spans seventeen years (test/ingest/sync-instruments.test.ts).
 */
const SYNCED = [...APIS.filter((api) => !('synced' in api)), { api: 'bse_mapping', table: 'code_changes' }];

/** The file of an api's documented rows: its own, or that of the api whose page shows them. */
const fileOf = (api: { api: string; file?: string }) => api.file ?? api.api;

const rowsOf = (api: string): Record<string, string>[] =>
  parse(readFileSync(join(DOCUMENTED, `${api}.csv`)), { columns: true });

/** A field's kind in the api's catalog; a statement's figures (every column its table holds) are numbers. */
const fieldKind = (api: string, field: string) =>
  TUSHARE_APIS[api]?.fields[field]?.kind ?? (TUSHARE_APIS[api]?.statementFigures ? 'number' : 'text');

/** A documented row as Tushare's JSON carries it: None is null, a number field's value a number (its catalog kind). */
const wireItem = (api: string, row: Record<string, string>): (string | number | null)[] =>
  Object.entries(row).map(([field, text]) =>
    text === '' ? null : ['number', 'integer'].includes(fieldKind(api, field)) ? Number(text) : text,
  );

/** The rows the store must answer: the documented ones, each fact once (merged lines left out), in a stable order. */
function expectedItems(api: (typeof APIS)[number]): unknown[][] {
  const merged: readonly number[] = [
    ...('mergedLines' in api ? api.mergedLines : []),
    ...('leftOutLines' in api ? api.leftOutLines : []),
  ];
  return sorted(
    rowsOf(fileOf(api))
      .filter((_, i) => !merged.includes(i + 2))
      .map((row) => wireItem(api.api, row)),
  );
}
/** Tushare's range parameters: bounds of a date column, never a value it must equal (the replay leaves them be). */
const RANGE_PARAMS = new Set(['start_date', 'end_date']);
const isoDay = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;
const sorted = (items: unknown[][]) => [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("documented rows: each api's example from its source's page loads unchanged and answers as sent", () => {
  const store = useTestServer(async (db) => {
    // Today's stock list names 000505.SZ otherwise than the list of 2018-09-28 did.
    await insertSecurities(db, [{ ts_code: '000505.SZ', name: '今日之名', kind: 'stock' }]);
    const results = await importBundle(db, DOCUMENTED);
    expect(results.flatMap(rejectionLines)).to.deep.equal([]);
  });
  let key = '';
  before(async () => {
    key = await keyOnPlan(store.db, 'enterprise');
  });

  for (const api of APIS) {
    it(`${api.api}: /dataapi answers the documented rows, nulls included`, async () => {
      const fields = Object.keys(rowsOf(fileOf(api))[0]!);
      const answer = await dataapi(store.server.baseUrl, key, api.api, api.params, fields.join(','));
      expect(answer.code, answer.msg).to.equal(0);
      expect(answer.data.fields).to.deep.equal(fields);
      expect(sorted(answer.data.items)).to.deep.equal(expectedItems(api));
    });
  }

  it("top_list: /v1 answers each row's name of its day, also for a security the stock list no longer names so", async () => {
    const page = await call<'getTopList'>(store.server.baseUrl, 'GET', '/v1/market/top-list?date=2018-09-28', { key });
    expect(page.status).to.equal(200);
    const names = Object.fromEntries(page.body.data.map((row) => [row.symbol, row.name]));
    expect(names).to.deep.include({ '000505.SZ': '京粮控股', '000007.SZ': '全新好', '002219.SZ': '恒康医疗' });
  });

  it('the sync from a replay server sending the documented rows stores the same tables as the import', async function () {
    // A sync of every api but the stock list and calendar, each call through the replay server.
    this.timeout(60_000);
    const db = store.db;
    // A table's rows but when each was written.
    const storedRows = async (table: string) =>
      (await db(table).select()).map(({ published_at: _published, ...row }) => row);
    const imported = Object.fromEntries(
      await Promise.all(SYNCED.map(async ({ table }) => [table, await storedRows(table)] as const)),
    );
    for (const { table } of SYNCED) await db(table).delete();
    await insertSecurities(db, [
      ...['113556.SH', '128110.SZ', '128114.SZ'].map((code) => ({ ts_code: code, name: code, kind: 'convertible' })),
      { ts_code: '000005.SZ', name: '世纪星源', kind: 'stock' },
      { ts_code: '600000.SH', name: '浦发银行', kind: 'stock' },
      { ts_code: '399300.SZ', name: '沪深300', kind: 'index' },
    ]);
    // Every documented day an open session; each call answered with the rows its parameters name, as Tushare does.
    const datesOf = (column: string) =>
      [...new Set(SYNCED.flatMap(({ api }) => rowsOf(api).map((row) => row[column] ?? '')))].filter(Boolean).sort();
    // The range: every documented trade and announcement day.
    const days = [...new Set([...datesOf('trade_date'), ...datesOf('nav_date'), ...datesOf('ex_date')])].sort();
    const range = [...days, ...datesOf('ann_date')].sort();
    const replay = await startTushareReplay(({ api_name, params }) => {
      if (api_name === 'trade_cal')
        return ok(
          ['exchange', 'cal_date', 'is_open'],
          days.map((day) => ['SSE', day, 1]),
        );
      const rows = rowsOf(api_name).filter((row) =>
        Object.entries(params).every(
          ([name, value]) => RANGE_PARAMS.has(name) || !(name in row) || value.split(',').includes(row[name]!),
        ),
      );
      return ok(
        Object.keys(rowsOf(api_name)[0]!),
        rows.map((row) => wireItem(api_name, row)),
      );
    });
    try {
      const results = await syncTushare(db, {
        url: replay.url,
        token: 't',
        from: isoDay(range[0]!),
        to: isoDay(range.at(-1)!),
        only: SYNCED.map(({ api }) => api),
      });
      expect(results.flatMap(rejectionLines)).to.deep.equal([]);
    } finally {
      await replay.close();
    }
    for (const { table } of SYNCED) expect(await storedRows(table), table).to.have.deep.members(imported[table]!);
  });
  it('a BSE stock is one series under its old and its 920 code across 2025-10-09 (bse_mapping, doc 375), in /v1 and /dataapi', async () => {
    const db = store.db;
    await loadCalendar(db, '2025-09-01', '2025-10-31');
    await insertSecurities(db, [{ ts_code: '920163.BJ', name: '方大新材', kind: 'stock' }]);
    await db('daily_bars').insert([
      flatBar('838163.BJ', '2025-09-29', 14.1),
      flatBar('838163.BJ', '2025-09-30', 14.2),
      flatBar('920163.BJ', '2025-10-09', 14.3),
      flatBar('920163.BJ', '2025-10-10', 14.4),
    ]);
    await bumpDataVersion(db, 'market');
    for (const symbol of ['920163.BJ', '838163.BJ']) {
      const { status, body } = await call<'getDaily'>(
        store.server.baseUrl,
        'GET',
        `/v1/market/daily?symbol=${symbol}&begin_date=2025-09-29&end_date=2025-10-10&adjusted=false&fields=date,close`,
        { key },
      );
      expect(status, symbol).to.equal(200);
      const series = body.data as { symbol: string; daily: { date: string; close: number }[] };
      expect([series.symbol, series.daily], symbol).to.deep.equal([
        '920163.BJ',
        [
          { date: '2025-10-10', close: 14.4 },
          { date: '2025-10-09', close: 14.3 },
          { date: '2025-09-30', close: 14.2 },
          { date: '2025-09-29', close: 14.1 },
        ],
      ]);
      // /dataapi: the same series, under the code asked (a DataFrame filtered by it keeps every row).
      const answer = await dataapi(store.server.baseUrl, key, 'daily', { ts_code: symbol }, 'ts_code,trade_date,close');
      expect(answer.data.items, symbol).to.deep.equal([
        [symbol, '20251010', 14.4],
        [symbol, '20251009', 14.3],
        [symbol, '20250930', 14.2],
        [symbol, '20250929', 14.1],
      ]);
    }
  });
});
