import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaostockClient } from '../../src/ingest/baostock/baostockClient';
import { FrameReader, requestFrame } from '../../src/ingest/baostock/frames';
import { indicatorRecords, quartersIn } from '../../src/ingest/baostock/indicators';
import { syncBaostock } from '../../src/ingest/baostock/baostockSync';
import { INDICATOR_FIELDS, replyFrame, startBaostockServer, type BaostockServer } from '../support/baostockServer';
import { insertSecurities, keyOnPlan } from '../support/marketData';
import { startServer } from '../support/server';
import { useTestDb } from '../support/testDb';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const capture = (name: string) => readFileSync(join(ROOT, 'test/fixtures/baostock', name));

/** SPDB's 2023 Q2 indicators as the public server answered each query (the recorded replies, test/fixtures/baostock). */
const RECORDED = {
  profit: {
    method: 'query_profit_data',
    type: '17',
    record: [
      'sh.600000',
      '2023-08-31',
      '2023-06-30',
      '0.032797',
      '0.258851',
      '',
      '23615000000.000000',
      '1.503636',
      '167814000000.000000',
      '29352175421.00',
      '29352175421.00',
    ],
  },
  operation: {
    method: 'query_operation_data',
    type: '19',
    record: ['sh.600000', '2023-08-31', '2023-06-30', '', '', '', '', '', '0.010345'],
  },
  growth: {
    method: 'query_growth_data',
    type: '21',
    record: ['sh.600000', '2023-08-31', '2023-06-30', '0.040577', '0.050148', '-0.228167', '-0.240000', '-0.233181'],
  },
  dupont: {
    method: 'query_dupont_data',
    type: '23',
    record: [
      'sh.600000',
      '2023-08-31',
      '2023-06-30',
      '0.032797',
      '12.500014',
      '0.010345',
      '0.979801',
      '0.258851',
      '0.888885',
      '',
      '',
    ],
  },
  balance: {
    method: 'query_balance_data',
    type: '25',
    record: ['sh.600000', '2023-08-31', '2023-06-30', '', '', '', '0.051119', '0.919275', '12.387695'],
  },
  cashflow: {
    method: 'query_cash_flow_data',
    type: '27',
    record: ['sh.600000', '2023-08-31', '2023-06-30', '', '', '', '', '0.531470', '2.053187', '0.531470'],
  },
} as const;
type Query = keyof typeof RECORDED;
const QUERIES = Object.keys(RECORDED) as Query[];
const recordOf = (query: Query) =>
  Object.fromEntries(INDICATOR_FIELDS[query].map((field, i) => [field, RECORDED[query].record[i]!]));

/** The row the six replies make, hand-read from them: ratios as decimals, null where Baostock sent none. */
const ROW = {
  symbol: '600000.SH',
  name: '浦发银行',
  period: '2023-06-30',
  ann_date: '2023-08-31',
  roe_avg: 0.032797,
  np_margin: 0.258851,
  gp_margin: null,
  net_profit: 23615000000,
  eps_ttm: 1.503636,
  mb_revenue: 167814000000,
  total_share: 29352175421,
  liqa_share: 29352175421,
  nr_turn_ratio: null,
  nr_turn_days: null,
  inv_turn_ratio: null,
  inv_turn_days: null,
  ca_turn_ratio: null,
  asset_turn_ratio: 0.010345,
  yoy_equity: 0.040577,
  yoy_asset: 0.050148,
  yoy_ni: -0.228167,
  yoy_eps_basic: -0.24,
  yoy_pni: -0.233181,
  current_ratio: null,
  quick_ratio: null,
  cash_ratio: null,
  yoy_liability: 0.051119,
  liability_to_asset: 0.919275,
  asset_to_equity: 12.387695,
  ca_to_asset: null,
  nca_to_asset: null,
  tangible_asset_to_asset: null,
  ebit_to_interest: null,
  cfo_to_or: 0.53147,
  cfo_to_np: 2.053187,
  cfo_to_gr: 0.53147,
  dupont_roe: 0.032797,
  dupont_asset_sto_equity: 12.500014,
  dupont_asset_turn: 0.010345,
  dupont_pnitoni: 0.979801,
  dupont_nitogr: 0.258851,
  dupont_tax_burden: 0.888885,
  dupont_intburden: null,
  dupont_ebittogr: null,
};

describe("ingest: Baostock's quarterly indicators (sync baostock --datasets financials)", function () {
  this.timeout(60_000);

  it('the six recorded requests and replies byte for byte (plain bodies); their records merged into one row of the period', () => {
    for (const query of QUERIES) {
      const { method, type, record } = RECORDED[query];
      expect(requestFrame(type, [method, 'anonymous', '1', '10000', 'sh.600000', '2023', '2']), method).to.deep.equal(
        capture(`${method}.request.bin`),
      );
      const reply = [
        '0',
        'success',
        method,
        'anonymous',
        '1',
        '10000',
        JSON.stringify({ record: [record] }),
        'sh.600000',
        '2023',
        '2',
        INDICATOR_FIELDS[query].join(','),
      ];
      expect(replyFrame(String(Number(type) + 1), reply), method).to.deep.equal(capture(`${method}.response.bin`));
    }
    const rows = indicatorRecords(Object.fromEntries(QUERIES.map((query) => [query, [recordOf(query)]])));
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({
      ts_code: '600000.SH',
      end_date: '20230630',
      ann_date: '20230831',
      roe_avg: '0.032797',
      gp_margin: '',
      net_profit: '23615000000.000000',
      dupont_tax_burden: '0.888885',
    });
    expect(quartersIn('2023-04-01', '2024-03-31')).to.deep.equal([
      { year: '2023', quarter: '2' },
      { year: '2023', quarter: '3' },
      { year: '2023', quarter: '4' },
      { year: '2024', quarter: '1' },
    ]);
  });

  describe('against a local server', () => {
    const store = useTestDb();
    let server: BaostockServer;
    before(async () => {
      server = await startBaostockServer({
        securities: [],
        days: [],
        bars: [],
        factors: [],
        indicators: Object.fromEntries(QUERIES.map((query) => [query, [recordOf(query)]])),
      });
      await insertSecurities(store.db, [{ ts_code: '600000.SH', name: '浦发银行' }]);
    });
    after(async () => server.close());

    it('six queries per stock and quarter into one row; /v1/financials/indicators answers it point in time; a rerun asks nothing again', async () => {
      const client = new BaostockClient({ host: '127.0.0.1', port: server.port, pauseMs: 0, readTimeoutMs: 5000 });
      const options = {
        since: '2023-04-01',
        until: '2023-09-30',
        today: '2026-11-25',
        symbols: ['600000.SH'],
        datasets: ['financials'] as const,
      };
      const summary = await syncBaostock(store.db, client, options);
      expect(summary.rows).to.deep.include({ quarterly_indicators: 1 });
      // Q2 and Q3 of 2023, six queries each; the server has only Q2.
      expect(server.queries).to.have.length(12);
      expect(await syncBaostock(store.db, client, options)).to.include({ securities: 0, skipped: 1 });
      await client.close();
      expect(server.queries).to.have.length(12);

      const api = await startServer(store.db);
      try {
        const key = await keyOnPlan(store.db, 'starter');
        const get = (query: string) =>
          fetch(`${api.baseUrl}/v1/financials/indicators?${query}`, { headers: { 'X-API-KEY': key } }).then(
            async (r) => ({ status: r.status, body: await r.json() }),
          );
        const { status, body } = await get('symbol=600000&begin_date=2023-01-01&end_date=2023-12-31');
        expect(status, JSON.stringify(body)).to.equal(200);
        expect(body.data).to.deep.equal([ROW]);
        expect((await get('period=2023-06-30')).body.data).to.deep.equal([ROW]);
        const before = await get('symbol=600000&begin_date=2023-01-01&end_date=2023-12-31&as_of=2023-08-30');
        expect([before.status, before.body.error]).to.deep.equal([404, 'no_data']);
      } finally {
        await api.close();
      }
    });
  });
});

/** Three five-minute bars of SPDB on 2024-01-02 in Baostock's layout (unadjusted; prices hand-set, volume in shares, amount in yuan). */
const FIVE_MINUTES = [
  {
    date: '2024-01-02',
    time: '20240102093500000',
    code: 'sh.600000',
    open: '6.6100',
    high: '6.6300',
    low: '6.6000',
    close: '6.6200',
    volume: '1902300',
    amount: '12603192.0000',
  },
  {
    date: '2024-01-02',
    time: '20240102094000000',
    code: 'sh.600000',
    open: '6.6200',
    high: '6.6400',
    low: '6.6100',
    close: '6.6300',
    volume: '1200000',
    amount: '7956000.0000',
  },
  {
    date: '2024-01-02',
    time: '20240102094500000',
    code: 'sh.600000',
    open: '6.6300',
    high: '6.6300',
    low: '6.5900',
    close: '6.6000',
    volume: '800000',
    amount: '5280000.0000',
  },
];

describe("ingest: Baostock's five-minute bars (sync baostock --datasets minutes)", function () {
  this.timeout(60_000);

  it('the recorded five-minute request byte for byte; its reply read: 96 bars of two days, each labelled by its end', () => {
    const fields = 'date,time,code,open,high,low,close,volume,amount,adjustflag';
    expect(
      requestFrame('95', [
        'query_history_k_data_plus',
        'anonymous',
        '1',
        '10000',
        'sh.600000',
        fields,
        '2024-01-02',
        '2024-01-03',
        '5',
        '2',
      ]),
    ).to.deep.equal(capture('query_history_k_data_plus_5min.request.bin'));
    const reader = new FrameReader();
    reader.push(capture('query_history_k_data_plus_5min.response.bin'));
    const frame = reader.next()!;
    const records = JSON.parse(frame.body.split('\u0001')[6]!).record as string[][];
    expect([frame.type, records.length]).to.deep.equal(['96', 96]);
    expect(records[0]).to.deep.equal([
      '2024-01-02',
      '20240102093500000',
      'sh.600000',
      '6.2070789300',
      '6.2164410400',
      '6.1883547100',
      '6.1977168200',
      '1902300',
      '12603192.0000',
      '2',
    ]);
    expect(records.at(-1)![1]).to.equal('20240103150000000');
  });

  describe('against a local server', () => {
    const store = useTestDb();
    let server: BaostockServer;
    before(async () => {
      server = await startBaostockServer({ securities: [], days: [], bars: [], factors: [], minutes: FIVE_MINUTES });
      await insertSecurities(store.db, [{ ts_code: '600000.SH', name: '浦发银行' }]);
    });
    after(async () => server.close());

    it('one query per stock into five_minute_bars; minute klines of 5 and 15 minutes read them where no one-minute bars are', async () => {
      const client = new BaostockClient({ host: '127.0.0.1', port: server.port, pauseMs: 0, readTimeoutMs: 5000 });
      const summary = await syncBaostock(store.db, client, {
        since: '2024-01-02',
        until: '2024-01-02',
        today: '2026-11-25',
        symbols: ['600000.SH'],
        datasets: ['minutes'],
      });
      await client.close();
      expect(summary.rows).to.deep.include({ five_minute_bars: 3 });
      expect(server.queries).to.deep.equal(['query_history_k_data_plus']);
      const api = await startServer(store.db);
      try {
        const key = await keyOnPlan(store.db, 'enterprise');
        const klines = (interval: string) =>
          fetch(
            `${api.baseUrl}/v1/market/klines?symbol=600000&interval=${interval}&begin_date=2024-01-02&end_date=2024-01-02`,
            { headers: { 'X-API-KEY': key } },
          ).then((r) => r.json());
        // Newest first; volume in lots (shares ÷ 100), amount in yuan; the 15-minute bar spans the three.
        const five = await klines('5m');
        expect(five.data?.klines, JSON.stringify(five)).to.deep.equal([
          { time: '2024-01-02 09:45:00', open: 6.63, high: 6.63, low: 6.59, close: 6.6, volume: 8000, amount: 5280000 },
          {
            time: '2024-01-02 09:40:00',
            open: 6.62,
            high: 6.64,
            low: 6.61,
            close: 6.63,
            volume: 12000,
            amount: 7956000,
          },
          {
            time: '2024-01-02 09:35:00',
            open: 6.61,
            high: 6.63,
            low: 6.6,
            close: 6.62,
            volume: 19023,
            amount: 12603192,
          },
        ]);
        const fifteen = await klines('15m');
        expect(fifteen.data?.klines, JSON.stringify(fifteen)).to.deep.equal([
          {
            time: '2024-01-02 09:45:00',
            open: 6.61,
            high: 6.64,
            low: 6.59,
            close: 6.6,
            volume: 39023,
            amount: 25839192,
          },
        ]);
        // One-minute klines are never made of five-minute bars.
        expect((await klines('1m')).error).to.equal('no_data');
      } finally {
        await api.close();
      }
    });
  });
});
