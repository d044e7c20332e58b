import { expect } from 'chai';
import type { Knex } from 'knex';
import { bumpDataVersion, DataVersions } from '../../src/db/dataVersions';
import { StoreCoverage } from '../../src/modules/freshness/coverage.service';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { parseSchedule } from '../../src/domain/time/syncSchedule';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';
import { signUp } from '../support/accounts';
import { useTestServer } from '../support/server';
import { loadRecords } from '../../src/ingest/loadTable';
import { rowRecords } from '../../src/ingest/csvRecords';
import { universe } from '../../src/loaders/universeTable';
import { clearUniverse } from '../../src/db/declaredUniverse';

/** June 2024's sessions through the 26th: the Dragon Boat Festival closed the 10th. */
const SESSIONS = [
  '03',
  '04',
  '05',
  '06',
  '07',
  '11',
  '12',
  '13',
  '14',
  '17',
  '18',
  '19',
  '20',
  '21',
  '24',
  '25',
  '26',
].map((day) => `2024-06-${day}`);
const bar = (ts_code: string, trade_date: string) => ({
  ts_code,
  trade_date,
  open: 10,
  high: 10,
  low: 10,
  close: 10,
  pre_close: 10,
  vol: 1,
  amount: 10,
});

/**
 * Two stocks through 2024-06-26. Bars: both every session but the 20th (Midea's missing: partial, 1 of 2) and the
 * 21st (none: missing, its update failed); Midea halted on the 25th (that day's universe is Ping An Bank alone:
 * complete). Factors: both every session, but Midea's halted 25th. No valuations. One successful update.
 */
async function seed(db: Knex): Promise<void> {
  await loadCalendar(db, '2024-04-01', '2024-07-31');
  await insertSecurities(db, [
    { ts_code: '000001.SZ', name: '平安银行' },
    { ts_code: '000333.SZ', name: '美的集团' },
    // A Beijing Stock Exchange stock, which Baostock (the scheduled source) does not serve: no session owes it.
    { ts_code: '920163.BJ', name: '方大新材' },
  ]);
  const traded = (code: string, day: string) => !(code === '000333.SZ' && day === '2024-06-25');
  await db('daily_bars').insert(
    SESSIONS.flatMap((day) =>
      ['000001.SZ', '000333.SZ']
        .filter((code) => traded(code, day) && day !== '2024-06-21' && !(code === '000333.SZ' && day === '2024-06-20'))
        .map((code) => bar(code, day)),
    ),
  );
  await db('adj_factors').insert(
    SESSIONS.flatMap((day) =>
      ['000001.SZ', '000333.SZ']
        .filter((code) => traded(code, day))
        .map((code) => ({ ts_code: code, trade_date: day, adj_factor: 1 })),
    ),
  );
  await db('trading_halts').insert({
    ts_code: '000333.SZ',
    trade_date: '2024-06-25',
    suspend_type: 'S',
    suspend_timing: null,
  });
  await db('update_runs').insert({
    source: 'baostock',
    trigger: 'schedule',
    slot: '2024-06-26 17:45',
    started_at: '2024-06-26 09:45:00',
    finished_at: '2024-06-26 09:47:12',
    status: 'ok',
    sessions: 1,
    rows: 6,
  });
  await db('update_sessions').insert({
    dataset: 'daily',
    trade_date: '2024-06-21',
    state: 'failed',
    rows: 0,
    expected: 2,
    source: 'baostock',
    reason: 'Baostock connection lost: closed by the server',
    failures: 2,
    updated_at: '2024-06-26 09:47:12',
  });
  await bumpDataVersion(db, 'market');
}

describe('freshness: /v1/market/status and /v1/data/coverage', () => {
  let now = new Date('2024-06-28T18:00:00+08:00');
  const store = useTestServer(seed, {
    clock: () => now,
    coverage: { schedule: parseSchedule('baostock@17:45'), minCoverage: 0.95 },
  });
  let key = '';
  before(async () => {
    key = await keyOnPlan(store.db, 'enterprise');
  });
  const get = async (path: string) => {
    const response = await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': key } });
    return {
      status: response.status,
      body: response.headers.get('content-type')?.startsWith('text/csv')
        ? await response.text()
        : await response.json(),
    };
  };

  it('market status: each phase at its boundary, from the stored calendar, on the app clock', async () => {
    const phases: Array<[string, string]> = [
      ['09:14:59', 'before_open'],
      ['09:15:00', 'opening_auction'],
      ['09:25:00', 'pre_open'],
      ['09:30:00', 'continuous'],
      ['11:30:00', 'lunch_break'],
      ['13:00:00', 'continuous'],
      ['14:57:00', 'closing_auction'],
      ['15:00:00', 'after_close'],
    ];
    for (const [time, phase] of phases) {
      now = new Date(`2024-06-28T${time}+08:00`);
      expect((await get('/v1/market/status')).body.data.phase, time).to.equal(phase);
    }
    now = new Date('2024-06-28T14:59:59+08:00');
    expect(await get('/v1/market/status')).to.deep.equal({
      status: 200,
      body: {
        code: 200,
        message: 'success',
        data: {
          beijing_time: '2024-06-28T14:59:59+08:00',
          utc_time: '2024-06-28T06:59:59Z',
          is_trading_day: true,
          phase: 'closing_auction',
          session_date: '2024-06-28',
          previous_session_date: '2024-06-27',
          next_open: '2024-07-01T09:30:00+08:00',
          next_close: '2024-06-28T15:00:00+08:00',
          calendar_through: '2024-07-31',
        },
      },
    });
    // Saturday: closed; the next session is Monday's.
    now = new Date('2024-06-29T10:00:00+08:00');
    expect((await get('/v1/market/status')).body.data).to.deep.include({
      is_trading_day: false,
      phase: 'closed',
      session_date: '2024-07-01',
      previous_session_date: '2024-06-28',
    });
  });

  it('coverage of the store: the expected session, the lag, the gaps of the last 60 sessions, the last and next update', async () => {
    now = new Date('2024-06-28T18:00:00+08:00');
    const { status, body } = await get('/v1/data/coverage');
    expect(status).to.equal(200);
    expect(body.data).to.deep.include({
      as_of: '2024-06-28T18:00:00+08:00',
      symbol: null,
      expected_session: '2024-06-28',
      min_coverage: 0.95,
      calendar_through: '2024-07-31',
      calendar_covers_today: true,
      uncovered_exchanges: ['BSE'],
      // The days the test servers' recorder keeps (test/support/recordedSnapshots.ts).
      recorded_snapshot_days: ['2024-12-30', '2024-12-31'],
      universe: { declared: false, indices: [], members: null },
    });
    const byName = Object.fromEntries(body.data.datasets.map((entry: { dataset: string }) => [entry.dataset, entry]));
    expect(Object.keys(byName)).to.deep.equal([
      'daily',
      'adj_factor',
      'daily_basic',
      'moneyflow',
      'margin_detail',
      'hk_hold',
      'limit_list_d',
      'stk_limit',
      'block_trade',
      'top_list',
      'top_inst',
      'stk_mins',
      'stk_mins_5min',
      'quarterly_indicators',
      'income',
      'balancesheet',
      'cashflow',
    ]);
    const lastUpdate = { finished_at: '2024-06-26T09:47:12Z', source: 'baostock', rows: 6, status: 'ok' };
    // 17 sessions × 2 stocks, less Midea's 20th, both of the 21st and Midea's halted 25th: 30 bars.
    expect(byName.daily).to.deep.equal({
      dataset: 'daily',
      clock: 'session',
      first: '2024-06-03',
      last: '2024-06-26',
      expected: '2024-06-28',
      lag_sessions: 2,
      missing_sessions: ['2024-06-21', '2024-06-27', '2024-06-28'],
      partial_sessions: ['2024-06-20'],
      failed_sessions: ['2024-06-21'],
      rows: 30,
      securities: 2,
      last_update: lastUpdate,
      next_update: '2024-07-01T17:45:00+08:00',
    });
    expect(byName.adj_factor).to.deep.include({
      last: '2024-06-26',
      lag_sessions: 2,
      missing_sessions: ['2024-06-27', '2024-06-28'],
      partial_sessions: [],
      failed_sessions: [],
      rows: 33,
      securities: 2,
    });
    expect(byName.daily_basic).to.deep.equal({
      dataset: 'daily_basic',
      clock: 'session',
      first: null,
      last: null,
      expected: '2024-06-28',
      lag_sessions: null,
      missing_sessions: [],
      partial_sessions: [],
      failed_sessions: [],
      rows: 0,
      securities: 0,
      last_update: lastUpdate,
      next_update: '2024-07-01T17:45:00+08:00',
    });
    // Filled by Tushare only, which is not scheduled here; statements are kept by period.
    expect(byName.moneyflow).to.deep.include({
      last_update: null,
      next_update: null,
      expected: '2024-06-28',
      lag_sessions: null,
    });
    expect(byName.income).to.deep.include({ clock: 'period', expected: null, lag_sessions: null, next_update: null });
  });

  it("a declared universe: a session counts the CSI 300's members of its day, the rows of others are extra", async () => {
    now = new Date('2024-06-28T18:00:00+08:00');
    const weights = (trade_date: string, codes: string[]) =>
      codes.map((con_code) => ({ index_code: '399300.SZ', trade_date, con_code, weight: 1 }));
    // Both members, then Midea alone from the 19th, then Ping An Bank alone from the 24th.
    await store
      .db('index_weights')
      .insert([
        ...weights('2024-05-31', ['000001.SZ', '000333.SZ']),
        ...weights('2024-06-19', ['000333.SZ']),
        ...weights('2024-06-24', ['000001.SZ']),
      ]);
    const line = { scope: 'index', code: '399300.SZ', start_date: '', end_date: '' };
    try {
      await loadRecords(store.db, 'universe.csv', rowRecords([line]), universe);
      const { body } = await get('/v1/data/coverage');
      expect(body.data.universe).to.deep.equal({ declared: true, indices: ['399300.SZ'], members: 1 });
      // 2024-06-20: Midea, the one member, has no bar (Ping An Bank's is not counted): missing, no longer partial.
      expect(body.data.datasets[0]).to.deep.include({
        missing_sessions: ['2024-06-20', '2024-06-21', '2024-06-27', '2024-06-28'],
        partial_sessions: [],
      });
    } finally {
      await clearUniverse(store.db);
      await store.db('index_weights').delete();
    }
    expect((await get('/v1/data/coverage')).body.data.datasets[0].partial_sessions).to.deep.equal(['2024-06-20']);
  });

  it('the counts are kept in the store: another process reads them instead of counting, a load that changes the data counts again', async () => {
    now = new Date('2024-06-28T18:00:00+08:00');
    const settings = { schedule: parseSchedule('baostock@17:45'), minCoverage: 0.95 };
    // A process that starts: its own versions, calendar and memory.
    const started = () => {
      const versions = new DataVersions(store.db, 0);
      return new StoreCoverage(
        { db: store.db, primary: store.db },
        versions,
        new TradingCalendar(store.db, versions),
        settings,
        () => now,
      );
    };
    const dailyRows = async () => (await started().report(null)).datasets[0]!.rows;
    await get('/v1/data/coverage');
    const kept = await store.db('coverage_counts').select('count_key', 'stats');
    expect(kept.map((row) => row.count_key.split('|').slice(1))).to.deep.equal([
      ['2024-04-01', '2024-06-28', 'SSE,SZSE'],
    ]);
    // What is kept is what is read: 999 daily bars, where the table holds 30.
    const stats = JSON.parse(kept[0].stats) as Array<[string, { rows: number }]>;
    stats[0]![1].rows = 999;
    await store.db('coverage_counts').update({ stats: JSON.stringify(stats) });
    expect(await dailyRows()).to.equal(999);
    await bumpDataVersion(store.db, 'market');
    expect(await dailyRows()).to.equal(30);
    expect(await store.db('coverage_counts').count({ n: '*' })).to.deep.equal([{ n: 1 }]);
  });

  it('before the scheduled time the day is not due yet: the expected session is the one before', async () => {
    now = new Date('2024-06-28T17:44:00+08:00');
    const { body } = await get('/v1/data/coverage');
    expect(body.data.expected_session).to.equal('2024-06-27');
    expect(body.data.datasets[0]).to.deep.include({
      expected: '2024-06-27',
      lag_sessions: 1,
      missing_sessions: ['2024-06-21', '2024-06-27'],
      next_update: '2024-06-28T17:45:00+08:00',
    });
  });

  it('coverage of one security: its own first and last dates, its missing sessions within its life, the halted day not one', async () => {
    now = new Date('2024-06-28T18:00:00+08:00');
    const { body } = await get('/v1/data/coverage?symbol=000333');
    expect(body.data.symbol).to.equal('000333.SZ');
    expect(body.data.datasets[0]).to.deep.include({
      first: '2024-06-03',
      last: '2024-06-26',
      lag_sessions: 2,
      missing_sessions: ['2024-06-20', '2024-06-21', '2024-06-27', '2024-06-28'],
      partial_sessions: [],
      failed_sessions: [],
      rows: 14,
      securities: 1,
    });
    expect((await get('/v1/data/coverage?symbol=600000')).body).to.deep.include({ code: 400, error: 'invalid_symbol' });
  });

  it("the console's status: the coverage its plan sees and the last runs, newest first, with a session token only", async () => {
    now = new Date('2024-06-28T18:00:00+08:00');
    const { token } = await signUp(store.server.baseUrl, 'console');
    const response = await fetch(`${store.server.baseUrl}/api/v1/data/status`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { data } = await response.json();
    expect(data.coverage.datasets[0]).to.deep.include({ dataset: 'daily', last: '2024-06-26', lag_sessions: 2 });
    expect(data.runs).to.deep.equal([
      {
        source: 'baostock',
        trigger: 'schedule',
        slot: '2024-06-26 17:45',
        started_at: '2024-06-26T09:45:00Z',
        finished_at: '2024-06-26T09:47:12Z',
        status: 'ok',
        sessions: 1,
        rows: 6,
        error: null,
      },
    ]);
    expect(
      (await fetch(`${store.server.baseUrl}/api/v1/data/status`, { headers: { 'X-API-KEY': key } })).status,
    ).to.equal(401);
  });

  it("CSV: a row per dataset with the report's scalars, the lists as JSON text", async () => {
    const { body } = await get('/v1/data/coverage?format=csv');
    const [header, daily] = (body as string).split('\n');
    expect(header).to.equal(
      'as_of,symbol,expected_session,min_coverage,open_findings,calendar_through,calendar_covers_today,uncovered_exchanges,recorded_snapshot_days,universe,dataset,clock,first,last,expected,lag_sessions,missing_sessions,partial_sessions,failed_sessions,rows,securities,last_update,next_update',
    );
    expect(daily).to.match(
      /^2024-06-28T18:00:00\+08:00,,2024-06-28,0\.95,"{""errors"":0,""warnings"":0}",2024-07-31,true,"\[""BSE""\]","\[""2024-12-30"",""2024-12-31""\]","{""declared"":false,""indices"":\[\],""members"":null}",daily,session,2024-06-03,2024-06-26,2024-06-28,2,"\[""2024-06-21"",""2024-06-27"",""2024-06-28""\]"/,
    );
  });

  it('past the stored calendar (through 2024-07-31): status unknown, coverage flags it, /readyz fails with the reason', async () => {
    now = new Date('2024-08-02T18:00:00+08:00');
    expect((await get('/v1/market/status')).body.data).to.deep.include({
      is_trading_day: null,
      phase: 'unknown',
      session_date: null,
      calendar_through: '2024-07-31',
    });
    expect((await get('/v1/data/coverage')).body.data).to.deep.include({
      calendar_through: '2024-07-31',
      calendar_covers_today: false,
    });
    const ready = await fetch(`${store.server.baseUrl}/readyz`);
    const body = await ready.json();
    expect([ready.status, body.checks.calendar, body.calendar_through]).to.deep.equal([503, 'failing', '2024-07-31']);
    now = new Date('2024-07-31T18:00:00+08:00');
    expect((await (await fetch(`${store.server.baseUrl}/readyz`)).json()).checks.calendar).to.equal('ok');
  });
});
