import type { Knex } from 'knex';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import type { OperationId } from '../../src/http/operations';
import { replyOf, startServer, type Reply, type TestServer } from './server';
import { createTestDb, type TestDb } from './testDb';

/** One database and server shared by the API tests of a run: reference data loaded, a demo key issued. */
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
  const key = (await ensureDemoKey(testDb.db))!;
  // The whole suite shares the demo key: a budget far above its pace keeps the rate limit out of other tests.
  await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
  server = await startServer(testDb.db);
  const baseUrl = server.baseUrl;
  fixture = {
    db: testDb.db,
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
