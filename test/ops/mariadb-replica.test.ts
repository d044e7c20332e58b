import { expect } from 'chai';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { connect } from '../../src/db/connection';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { migrateLatest } from '../../src/db/migrate';
import { UsageRecorder } from '../../src/modules/billing/usage.service';
import { Readiness } from '../../src/modules/system/readiness.service';
import { createKey, signUp } from '../support/accounts';
import { canStartMariadb, startReplicaPair, type ReplicaPair } from '../support/mariadbReplica';
import { insertSecurities, keyOnPlan, loadMarket2024 } from '../support/marketData';
import { startServer, type TestServer } from '../support/server';
import { skipVisibly } from '../support/skip';
import { dialect } from '../support/testDb';

/**
 * A real replica (issue 25): a primary with binary logging and a replica following it, two mariadbd of this
 * test's own (the machine's shared server runs without a binary log). DATABASE_URL on the primary,
 * DATABASE_READ_URL on the replica; the MariaDB leg of .ci/run runs it.
 */
describe('read replica: a MariaDB primary and a replica of its own (binlog replication)', function () {
  this.timeout(120_000);
  let pair: ReplicaPair;
  let primary: Knex;
  let replica: Knex;
  let server: TestServer;
  let usage: UsageRecorder;
  let key: string;
  after(async () => {
    await server?.close();
    await usage?.stop();
    await primary?.destroy();
    await replica?.destroy();
    await pair?.stop();
  });
  before(async function () {
    if (dialect !== 'mysql') this.skip(); // the SQLite leg: no replica to start
    if (!canStartMariadb())
      skipVisibly(this, 'the replica test', 'mariadb-install-db and mariadbd are needed', 'REQUIRE_REPLICA');
    pair = await startReplicaPair('ashare');
    primary = connect(pair.primaryUrl);
    replica = connect(pair.replicaUrl);
    await migrateLatest(primary);
    await insertSecurities(primary, [{ ts_code: '000001.SZ', name: '平安银行' }]);
    await loadMarket2024(primary);
    key = await keyOnPlan(primary, 'professional');
    await pair.caughtUp();
    const logger = pino({ level: 'silent' });
    usage = new UsageRecorder(primary, logger, 3_600_000);
    server = await startServer(primary, {
      readDb: replica,
      logger,
      usage,
      readiness: new Readiness(primary, replica, 5),
    });
  });

  const get = async (path: string, apiKey = key) => {
    const response = await fetch(server.baseUrl + path, { headers: { 'X-API-KEY': apiKey } });
    return { status: response.status, etag: response.headers.get('etag'), body: await response.json() };
  };
  const LATEST =
    '/v1/market/daily?symbol=000001&begin_date=2024-12-30&end_date=2025-01-03&adjusted=false&fields=date,close';

  it('answers from the replica once it caught up; /readyz reports its lag', async () => {
    const { status, body } = await get(LATEST);
    expect(status).to.equal(200);
    expect(body.data.daily.map((bar: { date: string }) => bar.date)).to.deep.equal(['2024-12-31', '2024-12-30']);
    const ready = await (await fetch(`${server.baseUrl}/readyz`)).json();
    expect(ready).to.deep.include({ status: 'ready', replica_lag_seconds: 0 });
    expect(ready.checks.replica).to.equal('ok');
  });

  it('a replica that stopped applying: answers stay those of its data version, never one cached under the primary’s; /readyz fails', async () => {
    const before = await get(LATEST);
    await pair.onReplica('stop slave sql_thread');
    await primary('daily_bars').insert({
      ts_code: '000001.SZ',
      trade_date: '2025-01-02',
      open: 11.7,
      high: 11.8,
      low: 11.5,
      close: 11.6,
      pre_close: 11.7,
      change: -0.1,
      pct_chg: -0.8547,
      vol: 1000,
      amount: 1160000,
      published_at: '2025-01-02 08:00:00',
    });
    await bumpDataVersion(primary, 'market');
    const during = await get(LATEST);
    expect([during.status, during.etag, during.body.data]).to.deep.equal([200, before.etag, before.body.data]);
    const notReady = await fetch(`${server.baseUrl}/readyz`);
    expect(notReady.status).to.equal(503);
    expect(await notReady.json()).to.deep.include({ replica_lag_seconds: null });

    await pair.onReplica('start slave');
    await pair.caughtUp();
    const after = await get(LATEST);
    expect(after.body.data.daily.map((bar: { date: string }) => bar.date)).to.deep.equal([
      '2025-01-02',
      '2024-12-31',
      '2024-12-30',
    ]);
    expect(after.etag).to.not.equal(before.etag);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).to.equal(200);
  });

  it('accounts, keys and usage are the primary’s: a key made while the replica lags works at once, usage lands on the primary', async () => {
    await pair.onReplica('stop slave sql_thread');
    const user = await signUp(server.baseUrl, 'replica');
    const { key: fresh } = await createKey(server.baseUrl, user.token);
    expect((await get(LATEST, fresh)).status).to.equal(200);
    await usage.stop();
    const counted = async (db: Knex) => Number((await db('usage_daily').sum({ n: 'count' }))[0]!.n ?? 0);
    expect(await counted(primary)).to.be.greaterThan(0);
    expect(await counted(replica)).to.equal(0); // not applied yet: nothing was written to the replica itself
    await pair.onReplica('start slave');
    await pair.caughtUp();
    expect(await counted(replica)).to.equal(await counted(primary));
  });
});
