import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { BaostockClient } from '../../src/ingest/baostock/baostockClient';
import { syncBaostock } from '../../src/ingest/baostock/baostockSync';
import { UPDATE_LOCK_KEY } from '../../src/ingest/update/updateSchedule';
import { juneFixture, startBaostockServer, type BaostockServer } from '../support/baostockServer';
import { startChildServer, type ChildServer } from '../support/childServer';
import { keyOnPlan, loadCalendar } from '../support/marketData';
import { redisOrSkip } from '../support/redis';
import { useTestDb } from '../support/testDb';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHIFTED_CLOCK = fileURLToPath(new URL('../support/shiftedClock.cjs', import.meta.url));
/** 18:00 Beijing on Friday 2024-06-28, a trading day, past its 17:45 slot. */
const AT_1800 = '2024-06-28T10:00:00Z';

/** The store as `sync baostock` leaves it through the 26th, with the calendar of the days after: two sessions behind. */
async function twoSessionsBehind(db: Knex, server: BaostockServer): Promise<void> {
  const client = new BaostockClient({ host: '127.0.0.1', port: server.port, pauseMs: 0 });
  await syncBaostock(db, client, { since: '2024-06-03', until: '2024-06-26', today: '2026-11-27' });
  await syncBaostock(db, client, { since: '2024-06-27', until: '2024-06-30', datasets: ['calendar'] });
  await client.close();
  // July's calendar too (the fixture's ends with June): the next scheduled update is known.
  await loadCalendar(db, '2024-07-01', '2024-07-31');
}

const serverEnv = (databaseUrl: string, server: BaostockServer, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  SYNC_SCHEDULE: 'baostock@17:45',
  BAOSTOCK_HOST: '127.0.0.1',
  BAOSTOCK_PORT: String(server.port),
  SYNC_RETRY_DELAYS_MS: '100',
  NODE_OPTIONS: `--require ${SHIFTED_CLOCK}`,
  TEST_CLOCK_START: AT_1800,
  ...extra,
});

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('ops: the scheduled update inside the service (SYNC_SCHEDULE, a faked clock, a local Baostock)', function () {
  this.timeout(120_000);
  const store = useTestDb();
  let baostock: BaostockServer;
  let server: ChildServer | undefined;
  before(async () => {
    baostock = await startBaostockServer(juneFixture());
    await twoSessionsBehind(store.db, baostock);
  });
  after(async () => {
    server?.stop('SIGKILL');
    await server?.exited;
    await baostock.close();
  });

  it('a server started at 18:00 on a trading day, two sessions behind, fills both without a command; coverage and status say so', async () => {
    const key = await keyOnPlan(store.db, 'enterprise');
    server = await startChildServer(serverEnv(store.url, baostock));
    const get = async (path: string) =>
      (await fetch(`${server!.baseUrl}${path}`, { headers: { 'X-API-KEY': key } })).json();
    const runs = await until(
      () => store.db('update_runs').select('source', 'trigger', 'slot', 'status', 'sessions'),
      (rows) => rows[0]?.status === 'ok',
      30_000,
      'the scheduled run to finish',
    );
    expect(runs).to.deep.equal([
      { source: 'baostock', trigger: 'schedule', slot: '2024-06-28 17:45', status: 'ok', sessions: 2 },
    ]);
    // Coverage reads the data versions at most once a second: the run's last loads show within it.
    const coverage = await until(
      () => get('/v1/data/coverage'),
      (body) => body.data.datasets[0].lag_sessions === 0,
      10_000,
      'the daily bars to be current',
    );
    const [daily] = coverage.data.datasets;
    expect(daily).to.deep.include({
      dataset: 'daily',
      first: '2024-06-03',
      last: '2024-06-28',
      expected: '2024-06-28',
      lag_sessions: 0,
      missing_sessions: [],
      partial_sessions: [],
      failed_sessions: [],
      next_update: '2024-07-01T17:45:00+08:00',
    });
    expect(daily.last_update).to.include({ source: 'baostock', status: 'ok' });
    expect(
      coverage.data.datasets.slice(0, 3).map((entry: { lag_sessions: number }) => entry.lag_sessions),
    ).to.deep.equal([0, 0, 0]);
    expect((await get('/v1/market/status')).data).to.deep.include({
      phase: 'after_close',
      session_date: '2024-06-28',
      previous_session_date: '2024-06-27',
      next_open: '2024-07-01T09:30:00+08:00',
    });
  });
});

describe('ops: two server processes on one store (Redis): exactly one runs the schedule; killed mid-run, the other takes over', function () {
  this.timeout(120_000);
  const store = useTestDb();
  let baostock: BaostockServer;
  const servers: ChildServer[] = [];
  let redisUrl = '';
  const faults = { held: false };
  before(async function () {
    redisUrl = await redisOrSkip(this, 'two scheduling processes');
    const redis = new Redis(redisUrl);
    await redis.del(UPDATE_LOCK_KEY);
    redis.disconnect();
    baostock = await startBaostockServer(juneFixture(), faults);
    await twoSessionsBehind(store.db, baostock);
    // From here the source holds its answers: the leader's run stays in the middle until it is killed.
    faults.held = true;
  });
  after(async () => {
    for (const server of servers) server.stop('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await baostock?.close();
  });

  it("one run at a time: the leader's run, killed, is marked interrupted and run again by the other process", async () => {
    for (let i = 0; i < 2; i++)
      servers.push(await startChildServer(serverEnv(store.url, baostock, { REDIS_URL: redisUrl, LOG_LEVEL: 'info' })));
    const leads = (server: ChildServer) => server.output().includes('this process runs the scheduled updates');
    await until(
      async () => servers.filter(leads).length,
      (n) => n === 1,
      20_000,
      'a leader',
    );
    await until(
      () => store.db('update_runs').pluck('status'),
      (statuses) => statuses.includes('running'),
      20_000,
      "the leader's run to start",
    );
    const [leader] = servers.filter(leads);
    const [other] = servers.filter((server) => !leads(server));
    expect(leads(other!)).to.equal(false);
    leader!.stop('SIGKILL');
    await leader!.exited;
    faults.held = false;
    // The lock lapses 15 s after its holder died; the other takes it at its next check and runs the slot again.
    const statuses = await until(
      () => store.db('update_runs').orderBy('id').pluck('status'),
      (list) => list.at(-1) === 'ok',
      60_000,
      'the other process to finish the run',
    );
    expect(statuses).to.deep.equal(['interrupted', 'ok']);
    expect(await store.db('update_runs').distinct('slot').pluck('slot')).to.deep.equal(['2024-06-28 17:45']);
    expect(other!.output()).to.include('this process runs the scheduled updates');
    expect(
      await store
        .db('daily_bars')
        .where('trade_date', '>', '2024-06-26')
        .whereNot('ts_code', '000001.SH')
        .orderBy('trade_date')
        .pluck('trade_date'),
    ).to.deep.equal(['2024-06-27', '2024-06-27', '2024-06-28']);
  });
});

describe("ops: `ashare update` with REDIS_URL takes the runner's lock: never beside the service's run", function () {
  this.timeout(60_000);
  const store = useTestDb();
  let baostock: BaostockServer;
  let redisUrl = '';
  before(async function () {
    redisUrl = await redisOrSkip(this, "the update command's lock");
    baostock = await startBaostockServer(juneFixture());
    await twoSessionsBehind(store.db, baostock);
  });
  after(async () => baostock?.close());

  const command = () =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'update', '--source', 'baostock'], {
        cwd: ROOT,
        env: { ...process.env, ...serverEnv(store.url, baostock, { REDIS_URL: redisUrl }) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', (code) => resolve({ code, output }));
    });

  it('refuses while another process holds the lock, runs once it is free', async () => {
    const redis = new Redis(redisUrl);
    try {
      await redis.set(UPDATE_LOCK_KEY, 'another-process', 'PX', 60_000);
      const refused = await command();
      expect([refused.code, refused.output.trim()]).to.deep.equal([
        1,
        `error: another process is running the update (it holds ${UPDATE_LOCK_KEY} in Redis); try again when it is done`,
      ]);
      expect(await store.db('update_runs').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
      await redis.del(UPDATE_LOCK_KEY);
      const ran = await command();
      expect(ran.code, ran.output).to.equal(0);
      expect(await store.db('update_runs').pluck('status')).to.deep.equal(['ok']);
      expect(await redis.get(UPDATE_LOCK_KEY)).to.equal(null);
    } finally {
      redis.disconnect();
    }
  });
});
