import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataVersions } from '../../src/db/dataVersions';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import type { Knex } from 'knex';
import { TUSHARE_API_NAMES } from '../../src/catalogue/apiCatalogue';
import { operations } from '../support/contract';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { keyOnPlan } from '../support/marketData';
import { datasetRequest, loadSampleData, SAMPLE_REQUESTS, tushareExampleOf } from '../support/sampleRequests';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { useTestServer } from '../support/server';

/**
 * Plan delays on market time, on every data path: each /v1 and /api/v1 data operation and each /dataapi
 * api_name has a sample here (the test fails when the contract or the api_name table gains one without it).
 * The server's clock is 15:01 in Beijing on 2024-12-31, so the day's close and its 15:00 minute bar and tick
 * are a minute old; every row was loaded a second ago. Starter (15 minutes late) must not see them,
 * professional sees the day (real time) and the minute (1 minute late), enterprise everything; all plans see
 * the session before (2024-12-30), loaded just as recently.
 */
const NOW = new Date('2024-12-31T15:01:00+08:00');
const PLANS = ['starter', 'professional', 'enterprise'] as const;
type Plan = (typeof PLANS)[number];

/** A GET path, or a Tushare call. */
type Ask = string | { api_name: string; params: Record<string, string> };

/**
 * A market-time sample: `fresh` asks for what the clock made a minute old and `past` for the session before;
 * the marks are text of the answer that shows each (a date, a time, a figure). Ticks: plans without tick
 * access are refused.
 */
interface TimedSample {
  clock: 'daily' | 'minute' | 'tick';
  fresh: Ask;
  freshMark: string;
  past: Ask;
  pastMark: string;
}

/** Which plans see the fresh row: per their daily and minute delays at the clock above. */
const SEES_FRESH: Record<TimedSample['clock'], Plan[]> = {
  daily: ['professional', 'enterprise'],
  minute: ['professional', 'enterprise'],
  tick: ['professional', 'enterprise'],
};

const daily = (fresh: Ask, past: Ask, mark: (date: string) => string = (date) => `"${date}"`): TimedSample => ({
  clock: 'daily',
  fresh,
  past,
  freshMark: mark('2024-12-31'),
  pastMark: mark('2024-12-30'),
});
/** A Tushare daily-clock api: the fresh day asked with the one before; `past` the session (or, weekly and monthly, the period) before. */
const tushareDaily = (api_name: string, params: Record<string, string>, past = '20241230'): TimedSample => ({
  clock: 'daily',
  fresh: { api_name, params: { ...params, start_date: '20241230', end_date: '20241231' } },
  past: { api_name, params: { ...params, start_date: '20241101', end_date: past } },
  freshMark: '"20241231"',
  pastMark: `"${past}"`,
});

/** An api_name that answers one trade date at a time (Tushare requires it): the fresh day, then the one before. */
const tushareOneDay = (api_name: string): TimedSample => ({
  clock: 'daily',
  fresh: { api_name, params: { trade_date: '20241231' } },
  past: { api_name, params: { trade_date: '20241230' } },
  freshMark: '"20241231"',
  pastMark: '"20241230"',
});

/** Every data operation with a market time: the rows they answer come and go with the plan's delays. */
const TIMED: Record<string, TimedSample[]> = {
  // The flat files of daily bars, written with 2024-12 as the open month: a file a session (seed below).
  getFlatFiles: [
    daily(
      '/v1/files?dataset=daily&begin_date=2024-12-30',
      '/v1/files?dataset=daily&begin_date=2024-12-30&end_date=2024-12-30',
    ),
  ],
  // The file's own bytes: its period is in its metadata.
  getFlatFile: [daily('/v1/files/daily/2024-12-31.parquet', '/v1/files/daily/2024-12-30.parquet', (date) => date)],
  getDaily: [
    daily(
      '/v1/market/daily?symbol=000001&begin_date=2024-12-30&end_date=2024-12-31',
      '/v1/market/daily?symbol=000001&begin_date=2024-12-30&end_date=2024-12-30',
    ),
  ],
  getKlines: [
    daily(
      '/v1/market/klines?symbol=000001&interval=daily&begin_date=2024-12-30&end_date=2024-12-31',
      '/v1/market/klines?symbol=000001&interval=daily&end_date=2024-12-30',
    ),
    {
      clock: 'minute',
      fresh: '/v1/market/klines?symbol=000001&interval=1m&end_date=2024-12-31',
      freshMark: '"2024-12-31 15:00:00"',
      past: '/v1/market/klines?symbol=000001&interval=1m&end_date=2024-12-30',
      pastMark: '"2024-12-30 15:00:00"',
    },
  ],
  getIntraday: [
    {
      // The latest session only: its 09:31 bar, hours old though loaded a second ago, stands for the past.
      clock: 'minute',
      fresh: '/v1/market/intraday?symbol=000001',
      freshMark: '"2024-12-31 15:00:00"',
      past: '/v1/market/intraday?symbol=000001',
      pastMark: '"2024-12-31 09:31:00"',
    },
  ],
  getQuote: [
    {
      // 000001's live quote of 15:00:00 (seed below); 600000's newest is of the session before. Starter, with no live
      // quote visible, gets the close of the 30th instead.
      clock: 'minute',
      fresh: '/v1/market/quote?symbol=000001',
      freshMark: '"2024-12-31 15:00:00"',
      past: '/v1/market/quote?symbol=600000',
      pastMark: '"2024-12-30 15:00:02"',
    },
  ],
  getTrades: [
    {
      clock: 'tick',
      fresh: '/v1/market/trades?symbol=000001&date=2024-12-31&limit=1000',
      freshMark: '"2024-12-31 15:00:00"',
      past: '/v1/market/trades?symbol=000001&date=2024-12-30',
      pastMark: '"2024-12-30 14:59:58"',
    },
  ],
  getSnapshots: [
    {
      // Recorded by test/support/recordedSnapshots.ts, each taken as the source stamped it.
      clock: 'tick',
      fresh: '/v1/market/snapshots?symbol=000001&date=2024-12-31',
      freshMark: '"2024-12-31 15:00:00"',
      past: '/v1/market/snapshots?symbol=000001&date=2024-12-30',
      pastMark: '"2024-12-30 14:59:58"',
    },
  ],
  getSnapshotMinutes: [
    {
      // Rebuilt from those snapshots: the 15:00:00 one makes the 15:00 bar.
      clock: 'minute',
      fresh: '/v1/market/snapshots/minutes?symbol=000001&date=2024-12-31',
      freshMark: '"2024-12-31 15:00:00"',
      past: '/v1/market/snapshots/minutes?symbol=000001&date=2024-12-30',
      pastMark: '"2024-12-30 15:00:00"',
    },
  ],
  getAdjustmentFactor: [
    daily(
      '/v1/market/adjustment-factor?symbol=000001&begin_date=2024-12-30&end_date=2024-12-31',
      '/v1/market/adjustment-factor?symbol=000001&begin_date=2024-12-30&end_date=2024-12-30',
    ),
  ],
  getMarketCrossSection: [
    daily('/v1/market/cross-section?date=2024-12-31', '/v1/market/cross-section?date=2024-12-30'),
  ],
  getLimitLadder: [daily('/v1/market/limit-ladder?date=2024-12-31', '/v1/market/limit-ladder?date=2024-12-30')],
  getFundCrossSection: [daily('/v1/fund/cross-section?date=2024-12-31', '/v1/fund/cross-section?date=2024-12-30')],
  getIndustryCrossSection: [
    daily('/v1/industry/cross-section?date=2024-12-31', '/v1/industry/cross-section?date=2024-12-30'),
  ],
  getConvertibleCrossSection: [
    daily('/v1/convertible/cross-section?date=2024-12-31', '/v1/convertible/cross-section?date=2024-12-30'),
  ],
  getValuation: [
    daily(
      '/v1/market/valuation?symbol=000001&begin_date=2024-12-30&end_date=2024-12-31',
      '/v1/market/valuation?symbol=000001&begin_date=2024-12-30&end_date=2024-12-30',
    ),
  ],
  // The latest valuation's market value: 000001's of the 31st (221,227,467,457 yuan); 600000's last is of the 30th (seed below).
  getBasicInfo: [
    daily('/v1/stock/basic-info?symbol=000001', '/v1/stock/basic-info?symbol=600000', (date) =>
      date === '2024-12-31' ? '221227467457' : '123450000000',
    ),
  ],
  getListingStatus: [daily('/v1/stock/listing-status?symbol=000001', '/v1/stock/listing-status?symbol=000001')],
  getLegacyStockPrices: [
    daily(
      '/api/v1/stocks/prices?symbol=000001&start_date=2024-12-30&end_date=2024-12-31',
      '/api/v1/stocks/prices?symbol=000001&start_date=2024-12-30&end_date=2024-12-30',
    ),
  ],
  // The session expected by now: the 31st once its close passed, for a starter the 30th until 15:15; a
  // security's last valuation is the 30th's for every plan (600000, seed below).
  getDataCoverage: [
    {
      clock: 'daily',
      fresh: '/v1/data/coverage',
      freshMark: '"expected_session":"2024-12-31"',
      past: '/v1/data/coverage?symbol=600000',
      pastMark: '"dataset":"daily_basic","clock":"session","first":"2024-12-30","last":"2024-12-30"',
    },
  ],
  // Findings of the audit on the fresh day and the one before (seed below).
  getDataQuality: [daily('/v1/data/quality?symbol=000001', '/v1/data/quality?symbol=000001&end_date=2024-12-30')],
  getLegacyIndices: [
    daily('/api/v1/indices?index=000001.SH&period=daily', '/api/v1/indices?index=000001.SH&period=daily'),
  ],
  // The session dataset routes, from their descriptors' examples.
  ...Object.fromEntries(
    DATASET_DESCRIPTORS.flatMap(({ route }) =>
      route?.by === 'session'
        ? [
            [
              route.operationId,
              [
                daily(
                  datasetRequest(route, { begin_date: '2024-12-30', end_date: '2024-12-31' }),
                  datasetRequest(route, { begin_date: '2024-12-30', end_date: '2024-12-30' }),
                ),
              ],
            ],
          ]
        : [],
    ),
  ),
};

const TUSHARE_TIMED: Record<string, TimedSample> = {
  daily: tushareDaily('daily', { ts_code: '000001.SZ' }),
  weekly: tushareDaily('weekly', { ts_code: '000001.SZ' }, '20241227'),
  monthly: tushareDaily('monthly', { ts_code: '000001.SZ' }, '20241129'),
  adj_factor: tushareDaily('adj_factor', { ts_code: '000001.SZ' }),
  daily_basic: tushareDaily('daily_basic', { ts_code: '000001.SZ' }),
  index_daily: tushareDaily('index_daily', { ts_code: '000001.SH' }),
  sw_daily: tushareDaily('sw_daily', { ts_code: '801120.SI' }),
  day_state: tushareDaily('day_state', { ts_code: '000001.SZ' }),
  stock_st: tushareDaily('stock_st', { ts_code: '000001.SZ' }),
  limit_step: tushareDaily('limit_step', { ts_code: '000001.SZ' }),
  suspend_d: tushareDaily('suspend_d', { ts_code: '000001.SZ' }),
  fund_daily: tushareDaily('fund_daily', { ts_code: '510300.SH' }),
  fund_adj: tushareDaily('fund_adj', { ts_code: '510300.SH' }),
  cb_daily: tushareDaily('cb_daily', { ts_code: '113050.SH' }),
  stk_mins: {
    clock: 'minute',
    fresh: {
      api_name: 'stk_mins',
      params: { ts_code: '000001.SZ', start_date: '2024-12-31 14:50:00', end_date: '2024-12-31 15:00:00' },
    },
    freshMark: '"2024-12-31 15:00:00"',
    past: {
      api_name: 'stk_mins',
      params: { ts_code: '000001.SZ', start_date: '2024-12-30 09:00:00', end_date: '2024-12-30 15:00:00' },
    },
    pastMark: '"2024-12-30 15:00:00"',
  },
  // The session datasets, from their descriptors' examples: the fresh day asked with the one before.
  ...Object.fromEntries(
    DATASET_DESCRIPTORS.flatMap((descriptor) => {
      if (!descriptor.tushare || !descriptor.marketTime) return [];
      const params = tushareExampleOf(descriptor);
      return [
        [descriptor.api, params.trade_date ? tushareOneDay(descriptor.api) : tushareDaily(descriptor.api, params)],
      ];
    }),
  ),
};

/** Data without a market time (reference, statements, events, the calendar): every plan gets the same answer. */
const TIMELESS_EXTRA: Record<string, string> = {
  getFundamentals: '/api/v1/fundamentals?symbol=600519',
  getMarketStatus: '/v1/market/status',
};
const TUSHARE_TIMELESS: Record<string, Record<string, string>> = {
  stock_basic: {},
  trade_cal: { start_date: '20241201', end_date: '20241231' },
  namechange: { ts_code: '000001.SZ' },
  stock_company: { ts_code: '000001.SZ' },
  index_basic: {},
  index_weight: { index_code: '399300.SZ' },
  index_classify: {},
  index_member_all: {},
  dividend: { ts_code: '600519.SH' },
  income: { ts_code: '600519.SH' },
  income_vip: { period: '20211231' },
  balancesheet: { ts_code: '000333.SZ' },
  balancesheet_vip: { period: '20211231' },
  cashflow: { ts_code: '000333.SZ' },
  cashflow_vip: { period: '20211231' },
  disclosure_date: { ts_code: '600519.SH' },
  anns_d: { ts_code: '600519.SH' },
  ths_index: {},
  ths_member: { ts_code: '885800.TI' },
  // The datasets without a market time (disclosures), from their descriptors' examples.
  ...Object.fromEntries(
    DATASET_DESCRIPTORS.flatMap((descriptor) =>
      descriptor.tushare && !descriptor.marketTime ? [[descriptor.api, tushareExampleOf(descriptor)]] : [],
    ),
  ),
  fund_basic: {},
  cb_basic: {},
  cb_price_chg: { ts_code: '113050.SH' },
  fund_div: { ts_code: '510300.SH' },
};
const timeless = () =>
  Object.fromEntries(
    Object.entries({ ...SAMPLE_REQUESTS, ...TIMELESS_EXTRA }).filter(([operationId]) => !(operationId in TIMED)),
  );

async function seed(db: Knex): Promise<void> {
  await loadReferenceDataIfEmpty(db);
  await loadSampleData(db);
  // Every sample is asked of every plan, past the starter plan's per-minute budget: budgets are not what this tests.
  await db('plans').update({ rate_limit_per_minute: 100_000 });
  await db('daily_basic').insert([
    {
      ts_code: '000001.SZ',
      trade_date: '2024-12-30',
      pe: 5,
      pb: 0.6,
      total_share: 19405918198,
      total_mv: 210000000000,
    },
    {
      ts_code: '600000.SH',
      trade_date: '2024-12-30',
      pe: 5,
      pb: 0.5,
      total_share: 29352178996,
      total_mv: 123450000000,
    },
  ]);
  // States of the last two sessions as a risk-warned stock's second and third up limit, so that stock_st and
  // limit_step have rows of each (the rules that set states: test/api/day-states.test.ts).
  await db('day_states')
    .where({ ts_code: '000001.SZ' })
    .whereIn('trade_date', ['2024-12-30', '2024-12-31'])
    .update({ risk_warning: 'ST', limit_move: 'up', limit_streak: 2 });
  await db('trading_halts').insert([
    { ts_code: '000001.SZ', trade_date: '2024-12-30', suspend_type: 'S', suspend_timing: null },
    { ts_code: '000001.SZ', trade_date: '2024-12-31', suspend_type: 'R', suspend_timing: null },
  ]);
  await db('trades').insert({
    ts_code: '000001.SZ',
    trade_time: '2024-12-31 15:00:00',
    seq: 0,
    price: 11.99,
    volume: 100,
    amount: 1199,
    side: 'B',
  });
  const quote = { last: 11.99, volume: 100, amount: 1199, book: '{"bids":[],"asks":[]}', suspended: false };
  await db('live_quotes').insert([
    { ts_code: '000001.SZ', quote_minute: '2024-12-31 15:00:00', quote_time: '2024-12-31 15:00:00', ...quote },
    { ts_code: '600000.SH', quote_minute: '2024-12-30 15:00:00', quote_time: '2024-12-30 15:00:02', ...quote },
  ]);
  const finding = { check_name: 'zero_volume', ts_code: '000001.SZ', item: '', severity: 'warning', detail: '{}' };
  const seen = { first_seen: '2024-12-31 07:00:00', last_seen: '2024-12-31 07:00:00', resolved_at: null };
  await db('quality_findings').insert([
    { ...finding, trade_date: '2024-12-31', ...seen },
    { ...finding, trade_date: '2024-12-30', ...seen },
  ]);
  // A week whose last session is the 31st, so that the weekly bar closes with the fresh day as the monthly one does.
  await db('trade_calendar').whereIn('cal_date', ['2025-01-02', '2025-01-03']).update({ is_open: false });
  const calendar = new TradingCalendar(db, new DataVersions(db, 0));
  await writeFlatFiles(db, calendar, { out: FLAT_DIR, datasets: ['daily'], today: '2024-12-31' });
}

/** The flat files the server serves (`seed` writes them). */
const FLAT_DIR = mkdtempSync(join(tmpdir(), 'ashare-plan-flat-'));

describe('plan delays on market time: every data path, every plan', () => {
  after(() => rmSync(FLAT_DIR, { recursive: true, force: true }));
  const store = useTestServer(seed, { clock: () => NOW, flatDir: FLAT_DIR });
  const keys = {} as Record<Plan, string>;
  before(async () => {
    for (const plan of PLANS) keys[plan] = await keyOnPlan(store.db, plan);
  });

  /** The status, the error code (HTTP, or Tushare's code), the message and the answer as text. */
  const ask = async (what: Ask, plan: Plan, form: 'path' | 'body' = 'path') => {
    const headers = { 'X-API-KEY': keys[plan], 'Content-Type': 'application/json' };
    if (typeof what === 'string') {
      const response = await fetch(store.server.baseUrl + what, { headers });
      const text = await response.text();
      const body = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {};
      return {
        ok: response.status === 200,
        status: response.status,
        error: body.error as string | undefined,
        message: body.message as string,
        text,
      };
    }
    const url = form === 'path' ? `/dataapi/${what.api_name}` : '/dataapi';
    const response = await fetch(store.server.baseUrl + url, { method: 'POST', headers, body: JSON.stringify(what) });
    const text = await response.text();
    const body = JSON.parse(text);
    expect(response.status).to.equal(200);
    return {
      ok: body.code === 0,
      status: body.code as number,
      error: body.code === 0 ? undefined : 'no_data',
      message: body.msg as string,
      text: JSON.stringify(body.data),
    };
  };

  it('has a sample for every data operation of the contract and every api_name of /dataapi', () => {
    // The event stream's delays are the stream's own test (test/api/market-stream.test.ts): it has no answer to compare.
    // A file's HEAD has no body to compare: test/api/files.test.ts asks it of a starter.
    const elsewhere = ['queryTushare', 'queryTushareApi', 'getStream', 'headFlatFile'];
    const dataOperations = operations()
      .filter((op) => op.usesApiKey && !elsewhere.includes(op.operationId))
      .map((op) => op.operationId);
    expect([...Object.keys(TIMED), ...Object.keys(timeless())].sort()).to.deep.equal(dataOperations.sort());
    expect([...Object.keys(TUSHARE_TIMED), ...Object.keys(TUSHARE_TIMELESS)].sort()).to.deep.equal(
      [...TUSHARE_API_NAMES].sort(),
    );
  });

  const timedCases = [
    ...Object.entries(TIMED).flatMap(([operationId, samples]) =>
      samples.map(
        (sample, i) => [`${operationId}${samples.length > 1 ? ` (${sample.clock})` : ''}`, sample, i] as const,
      ),
    ),
    ...Object.entries(TUSHARE_TIMED).map(([apiName, sample], i) => [`/dataapi ${apiName}`, sample, i] as const),
  ];
  for (const [name, sample, i] of timedCases) {
    it(`${name}: a row a minute old is hidden from starter, shown per delays; a session loaded a second ago is shown to all`, async () => {
      // The Tushare calls alternate between the SDK's two forms: /dataapi/{api_name} and /dataapi with api_name in the body.
      const form = i % 2 === 0 ? 'path' : 'body';
      for (const plan of PLANS) {
        const fresh = await ask(sample.fresh, plan, form);
        if (sample.clock === 'tick' && plan === 'starter') {
          expect([fresh.status, fresh.error], fresh.text).to.deep.equal([403, 'insufficient_permissions']);
          expect((await ask(sample.past, plan, form)).status).to.equal(403);
          continue;
        }
        if (SEES_FRESH[sample.clock].includes(plan)) {
          expect(fresh.ok, `${plan}: ${fresh.text}`).to.equal(true);
          expect(fresh.text, plan).to.include(sample.freshMark);
        } else if (fresh.ok) {
          expect(fresh.text, plan).to.not.include(sample.freshMark);
        } else {
          expect(fresh.error, `${plan}: ${fresh.message}`).to.equal('no_data');
          expect(fresh.message).to.match(
            /^2024-12-31( \d\d:\d\d:\d\d)? is visible to the starter plan from 15:\d\d Beijing time$/,
          );
        }
        const past = await ask(sample.past, plan, form);
        expect(past.ok, `${plan}: ${past.text}`).to.equal(true);
        expect(past.text, plan).to.include(sample.pastMark);
      }
    });
  }

  for (const [operationId, path] of Object.entries(timeless())) {
    it(`${operationId}: no market time, the same answer to every plan`, async () => {
      const answers = await Promise.all(PLANS.map((plan) => ask(path, plan)));
      expect(answers[0]!.ok, answers[0]!.text).to.equal(true);
      for (const answer of answers) expect(answer.text).to.equal(answers[0]!.text);
    });
  }

  for (const [apiName, params] of Object.entries(TUSHARE_TIMELESS)) {
    it(`/dataapi ${apiName}: no market time, the same answer to every plan`, async () => {
      const answers = await Promise.all(PLANS.map((plan) => ask({ api_name: apiName, params }, plan)));
      expect(answers[0]!.ok, answers[0]!.message).to.equal(true);
      for (const answer of answers) expect(answer.text).to.equal(answers[0]!.text);
    });
  }

  it('names the day and when it becomes visible: /v1 as 404 no_data, /dataapi as a non-zero code with the same text', async () => {
    const message = '2024-12-31 is visible to the starter plan from 15:15 Beijing time';
    expect(await ask('/v1/market/cross-section?date=2024-12-31', 'starter')).to.include({
      status: 404,
      error: 'no_data',
      message,
    });
    expect(await ask('/v1/market/daily?symbol=000001&begin_date=2024-12-31', 'starter')).to.include({
      status: 404,
      error: 'no_data',
      message,
    });
    expect(
      await ask({ api_name: 'daily', params: { ts_code: '000001.SZ', trade_date: '20241231' } }, 'starter'),
    ).to.include({ status: 40404, message });
    expect(await ask('/v1/market/intraday?symbol=000001', 'starter').then((a) => a.ok)).to.equal(true);
    expect(
      await ask(
        '/v1/market/klines?symbol=000001&interval=1m&begin_date=2024-12-31&end_date=2024-12-31&limit=1',
        'starter',
      ).then((a) => a.text),
    ).to.include('"2024-12-31 14:46:00"');
    expect(
      await ask(
        {
          api_name: 'stk_mins',
          params: { ts_code: '000001.SZ', start_date: '2024-12-31 14:50:00', end_date: '2024-12-31 15:00:00' },
        },
        'starter',
      ),
    ).to.include({
      status: 40404,
      message: '2024-12-31 14:50:00 is visible to the starter plan from 15:05 Beijing time',
    });
  });
});
