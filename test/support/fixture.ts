import type { Knex } from 'knex';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import type { OperationId } from '../../src/http/operations';
import { replyOf, startServer, useTestServer, type Reply, type TestServer } from './server';
import { createTestDb, type TestDb } from './testDb';
import { readOnly } from './readOnlyDb';
import { loadSampleData } from './sampleRequests';
import { FIXTURE_SYMBOL } from './financialFixtures';

/** Rows some shared-fixture tests read besides the sample data: 600519's latest valuations, 000333's report dates. */
async function loadSharedExtras(db: Knex): Promise<void> {
  await db('daily_basic').insert([
    {
      ts_code: '600519.SH',
      trade_date: '2025-04-02',
      total_mv: 1e12,
      circ_mv: 1e12,
      total_share: 1.2e9,
      float_share: 1.2e9,
    },
    {
      ts_code: '600519.SH',
      trade_date: '2025-04-03',
      total_mv: 1960000000000,
      circ_mv: 1960000000000,
      total_share: 1256197800,
      float_share: 1256197800,
    },
  ]);
  await db('disclosure_dates').insert([
    { ts_code: FIXTURE_SYMBOL, end_date: '2025-03-31', pre_date: '2025-04-29', actual_date: null },
    { ts_code: FIXTURE_SYMBOL, end_date: '2024-12-31', pre_date: '2025-03-28', actual_date: '2025-03-30' },
  ]);
}

/**
 * One database and server shared by the API tests of a run, read-only to them: everything they read is loaded
 * once here (the demo's reference data and the sample data of test/support/sampleRequests.ts, the disclosure
 * dates and valuations some read), a demo key issued, and `db` refuses writes (readOnlyDb.ts), so no test
 * depends on another's rows or on the order of the files. A test that writes gets a database of its own.
 */
export interface Fixture {
  db: Knex;
  baseUrl: string;
  key: string;
  /** A GET with the demo key; `get<'getDaily'>(…)` types the body by operation. */
  get<Op extends OperationId | undefined = undefined>(path: string, init?: RequestInit): Promise<Reply<Op>>;
}

let testDb: TestDb | undefined;
let server: TestServer | undefined;
let fixture: Fixture | undefined;

export async function sharedFixture(): Promise<Fixture> {
  if (fixture) return fixture;
  testDb = await createTestDb();
  await loadReferenceDataIfEmpty(testDb.db);
  await loadSampleData(testDb.db);
  await loadSharedExtras(testDb.db);
  const key = (await ensureDemoKey(testDb.db))!;
  // The whole suite shares the demo key: a budget far above its pace keeps the rate limit out of other tests.
  await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
  server = await startServer(testDb.db);
  const baseUrl = server.baseUrl;
  fixture = {
    db: readOnly(testDb.db),
    baseUrl,
    key,
    async get(path, init) {
      return replyOf(await fetch(baseUrl + path, { ...init, headers: { 'X-API-KEY': key, ...init?.headers } }));
    },
  };
  return fixture;
}

/** The run's shared fixture for the enclosing `describe`: there from its first `before` hook on. */
export function useSharedFixture(): Fixture {
  let shared: Fixture | undefined;
  before(async () => {
    shared = await sharedFixture();
  });
  const made = (): Fixture => {
    if (shared === undefined) throw new Error('useSharedFixture: the fixture is there once its before hook has run');
    return shared;
  };
  return {
    get db() {
      return made().db;
    },
    get baseUrl() {
      return made().baseUrl;
    },
    get key() {
      return made().key;
    },
    get: (path, init) => made().get(path, init),
  };
}

export async function closeSharedFixture(): Promise<void> {
  await server?.close();
  await testDb?.drop();
}

/**
 * The shared fixture's interface on a database of its own, writable: for a test that writes (changes plans,
 * expires sessions, inserts keys, starts more servers on the store). Seeded with the demo's reference data, a
 * demo key of the same budget, and `seed`.
 */
export function useOwnFixture(seed: (db: Knex) => Promise<void> = async () => {}): Fixture {
  let key = '';
  const store = useTestServer(async (db) => {
    await loadReferenceDataIfEmpty(db);
    await seed(db);
    key = (await ensureDemoKey(db))!;
    await db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
  });
  return {
    get db() {
      return store.db;
    },
    get baseUrl() {
      return store.server.baseUrl;
    },
    get key() {
      return key;
    },
    async get(path, init) {
      return replyOf(
        await fetch(store.server.baseUrl + path, { ...init, headers: { 'X-API-KEY': key, ...init?.headers } }),
      );
    },
  };
}
