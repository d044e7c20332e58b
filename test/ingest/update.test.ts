import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { BaostockClient } from '../../src/ingest/baostock/baostockClient';
import { syncBaostock } from '../../src/ingest/baostock/baostockSync';
import { baostockSessions } from '../../src/ingest/update/baostockSessions';
import { runUpdate } from '../../src/ingest/update/runUpdate';
import { juneFixture, startBaostockServer, type BaostockFaults, type BaostockServer } from '../support/baostockServer';
import { digestOfRows } from '../support/rowDigest';
import { useTestDb } from '../support/testDb';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** 18:00 Beijing on Friday 2024-06-28, a trading day: the day's session is closed and due. */
const AT_1800 = '2024-06-28T10:00:00Z';
const now = () => new Date(AT_1800);
/**
 * What the update writes, compared whole with what a sync of the same sessions writes (the calendar apart: the
 * update reads four months of it); when a bar was first loaded and when a part was recorded are each run's own.
 */
const DATA_TABLES = ['daily_bars', 'adj_factors', 'daily_basic', 'trading_halts', 'securities'];
const LOAD_TIME = ['published_at', 'finished_at', 'updated_at'];

const clientOf = (server: BaostockServer) =>
  new BaostockClient({ host: '127.0.0.1', port: server.port, pauseMs: 0, readTimeoutMs: 5000, retries: 0 });

/** The store as `sync baostock` leaves it through `until` (June 2024 from the 3rd). */
async function syncedThrough(db: Knex, server: BaostockServer, until: string): Promise<void> {
  const client = clientOf(server);
  await syncBaostock(db, client, { since: '2024-06-03', until, today: '2026-11-27' });
  await client.close();
}

async function update(db: Knex, server: BaostockServer, retryDelaysMs: number[] = []) {
  const client = clientOf(server);
  try {
    return await runUpdate(db, baostockSessions(client), { trigger: 'command', minCoverage: 0.95, retryDelaysMs, now });
  } finally {
    await client.close();
  }
}

describe('ingest: the after-close update from Baostock (a local server)', function () {
  this.timeout(60_000);
  const behind = useTestDb({ each: true });
  const reference = useTestDb({ each: true });
  let server: BaostockServer;
  let faults: BaostockFaults;
  beforeEach(async () => {
    faults = {};
    server = await startBaostockServer(juneFixture(), faults);
  });
  afterEach(async () => server.close());

  it('by date: a store two sessions behind gets both, two requests a session, and equals a store synced per security', async () => {
    await syncedThrough(behind.db, server, '2024-06-26');
    await syncedThrough(reference.db, server, '2024-06-28');
    const asked = server.queries.length;
    const summary = await update(behind.db, server);
    expect(summary).to.deep.include({
      status: 'ok',
      sessions: [
        { day: '2024-06-27', state: 'complete', path: 'by-date' },
        { day: '2024-06-28', state: 'complete', path: 'by-date' },
      ],
    });
    // The calendar and the stock list; a session's bars and factor events by date; the SSE Composite's two days.
    expect(server.queries.slice(asked)).to.deep.equal([
      'query_trade_dates',
      'query_stock_basic',
      'query_daily_history_k_AStock',
      'query_daily_adjust_factor',
      'query_daily_history_k_AStock',
      'query_daily_adjust_factor',
      'query_history_k_data_plus',
    ]);
    expect(await digestOfRows(behind.db, DATA_TABLES, LOAD_TIME)).to.deep.equal(
      await digestOfRows(reference.db, DATA_TABLES, LOAD_TIME),
    );
    // Midea is suspended on the 28th: a halt, so that day's universe is Ping An Bank alone, and complete.
    expect(
      await behind
        .db('update_sessions')
        .where({ trade_date: '2024-06-28' })
        .orderBy('dataset')
        .select('dataset', 'state', 'rows', 'expected', 'failures'),
    ).to.deep.equal([
      { dataset: 'adj_factor', state: 'complete', rows: 1, expected: 1, failures: 0 },
      { dataset: 'daily', state: 'complete', rows: 1, expected: 1, failures: 0 },
      { dataset: 'daily_basic', state: 'complete', rows: 1, expected: 1, failures: 0 },
    ]);
    // Run again: nothing is missing, nothing is asked but the calendar and the list.
    const again = server.queries.length;
    expect((await update(behind.db, server)).sessions).to.deep.equal([]);
    expect(server.queries.slice(again)).to.deep.equal(['query_trade_dates', 'query_stock_basic']);
  });

  it('a server without the by-date queries: each session per security, for the stocks it lacks only; the same database', async () => {
    faults.noByDate = true;
    await syncedThrough(behind.db, server, '2024-06-26');
    await syncedThrough(reference.db, server, '2024-06-28');
    // Ping An Bank's bar of the 27th is there already: only Midea is asked that day.
    const client = clientOf(server);
    await syncBaostock(behind.db, client, {
      since: '2024-06-27',
      until: '2024-06-27',
      symbols: ['000001.SZ'],
      today: '2026-11-27',
    });
    await client.close();
    const asked = server.queries.length;
    const summary = await update(behind.db, server);
    expect(summary.sessions).to.deep.equal([
      { day: '2024-06-27', state: 'complete', path: 'per-security' },
      { day: '2024-06-28', state: 'complete', path: 'per-security' },
    ]);
    const history = server.queries.slice(asked).filter((query) => query === 'query_history_k_data_plus').length;
    // The 27th: Midea's bars and its factors; the 28th: both stocks'; then the index.
    expect(server.queries.slice(asked).filter((query) => query === 'query_daily_history_k_AStock')).to.have.length(2);
    expect(history).to.equal(1 + 2 + 1);
    expect(await digestOfRows(behind.db, DATA_TABLES, LOAD_TIME)).to.deep.equal(
      await digestOfRows(reference.db, DATA_TABLES, LOAD_TIME),
    );
  });

  /** The recorded state of the daily bars' sessions after the 26th. */
  const dailyStatesAfter26 = () =>
    behind
      .db('update_sessions')
      .where({ dataset: 'daily' })
      .where('trade_date', '>', '2024-06-26')
      .orderBy('trade_date')
      .select('trade_date', 'state', 'failures', 'reason');

  it('a source that refuses: the sessions are recorded failed with the reason and retried; once it answers, the next run fills them', async () => {
    await syncedThrough(behind.db, server, '2024-06-26');
    // The stored calendar knows the sessions to come (an operator loads a year of it), so their gaps are seen.
    const client = clientOf(server);
    await syncBaostock(behind.db, client, { since: '2024-06-27', until: '2024-06-30', datasets: ['calendar'] });
    await client.close();
    faults.refuse = true;
    const failed = await update(behind.db, server, [10, 10]);
    expect(failed.status).to.equal('failed');
    expect(failed.sessions.map(({ day, state }) => [day, state])).to.deep.equal([
      ['2024-06-27', 'failed'],
      ['2024-06-28', 'failed'],
    ]);
    expect(failed.sessions[0]!.reason).to.match(/^Baostock connection lost/);
    const recorded = await dailyStatesAfter26();
    expect(recorded.map(({ trade_date, state, failures }) => [trade_date, state, failures])).to.deep.equal([
      ['2024-06-27', 'failed', 1],
      ['2024-06-28', 'failed', 1],
    ]);
    expect(await behind.db('update_runs').select('status', 'sessions', 'rows')).to.deep.equal([
      { status: 'failed', sessions: 2, rows: 0 },
    ]);

    faults.refuse = false;
    const filled = await update(behind.db, server);
    expect(filled.sessions.map(({ day, state }) => [day, state])).to.deep.equal([
      ['2024-06-27', 'complete'],
      ['2024-06-28', 'complete'],
    ]);
    const after = await dailyStatesAfter26();
    // The failures stay counted (the gauge's counter), the reason goes.
    expect(after).to.deep.equal([
      { trade_date: '2024-06-27', state: 'complete', failures: 1, reason: null },
      { trade_date: '2024-06-28', state: 'complete', failures: 1, reason: null },
    ]);
  });
});

/** `npm run ashare -- <args>` as a real child process at 18:00 Beijing on 2024-06-28 (the test clock), on a local Baostock. */
function cli(args: string[], databaseUrl: string, port: number) {
  return spawn(
    process.execPath,
    ['--require', './test/support/shiftedClock.cjs', '--import', 'tsx', 'src/cli.ts', ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BAOSTOCK_HOST: '127.0.0.1',
        BAOSTOCK_PORT: String(port),
        TEST_CLOCK_START: AT_1800,
        SYNC_RETRY_DELAYS_MS: '10',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** `ashare update`; SIGKILLed `killAfterMs` after its first session. Resolves with the exit code or signal. */
function runUpdateCommand(databaseUrl: string, port: number, killAfterMs?: number): Promise<number | string> {
  const child = cli(['update', '--source', 'baostock'], databaseUrl, port);
  let armed = false;
  child.stderr.on('data', (chunk: Buffer) => {
    if (killAfterMs === undefined || armed || !/baostock 2024-06-\d\d: /.test(chunk.toString())) return;
    armed = true;
    setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal!)));
}

describe('ingest: `ashare update` killed with SIGKILL mid-run, then run again', function () {
  this.timeout(120_000);
  const clean = useTestDb();
  const killed = useTestDb();
  let server: BaostockServer;
  before(async () => {
    // 80 ms a reply, Baostock's own pace: ten sessions to fill take a couple of seconds.
    server = await startBaostockServer(juneFixture(), { delayMs: 80 });
  });
  after(async () => server.close());

  it('leaves the database an uninterrupted run leaves', async () => {
    for (const { db } of [clean, killed]) await syncedThrough(db, server, '2024-06-14');
    expect(await runUpdateCommand(clean.url, server.port)).to.equal(0);
    // `ashare status` after it: every daily dataset Baostock fills is current, no session of the window is missing.
    const status = cli(['status'], clean.url, server.port);
    let table = '';
    status.stdout.on('data', (chunk) => (table += chunk));
    await new Promise((resolve) => status.once('exit', resolve));
    for (const dataset of ['daily', 'adj_factor', 'daily_basic'])
      expect(table).to.match(new RegExp(`^${dataset} +2024-06-03 +2024-06-28 +2024-06-28 +0 +0 +0 +0 `, 'm'));
    const killAfterMs = Math.round(Math.random() * 600);
    expect(
      await runUpdateCommand(killed.url, server.port, killAfterMs),
      `killed ${killAfterMs} ms after its first session`,
    ).to.equal('SIGKILL');
    expect(await killed.db('update_runs').pluck('status')).to.deep.equal(['running']);
    expect(await runUpdateCommand(killed.url, server.port)).to.equal(0);
    const tables = [...DATA_TABLES, 'trade_calendar', 'update_sessions'];
    expect(await digestOfRows(killed.db, tables, LOAD_TIME)).to.deep.equal(
      await digestOfRows(clean.db, tables, LOAD_TIME),
    );
    expect(
      (await clean.db('daily_bars').where('trade_date', '>', '2024-06-14').countDistinct({ days: 'trade_date' }))[0]!
        .days,
    ).to.equal(10);
  });
});
