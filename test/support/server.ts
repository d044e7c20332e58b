import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { sampleSnapshotDir } from './recordedSnapshots';
import type { components } from '../../generated/api';
import { createApp, type AppDeps } from '../../src/app';
import { contractChecked } from './contractCheck';
import { keyOnPlan } from './marketData';
import { useTestDb } from './testDb';
import type { ResponseOf } from '../../src/http/handler';
import type { OperationId } from '../../src/http/operations';

export interface TestServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The suite signs up hundreds of accounts from one address within minutes: the console, sign-in and refusal
 * budgets are set out of its way here; the tests of those budgets give their own (test/api/accounts-budgets.test.ts).
 */
const SUITE_BUDGETS = { consolePerAccount: 100_000, openPerAddress: 100_000, refusedPerAddress: 100_000 };

/**
 * The real app on a random loopback port, every JSON answer checked against the contract as sent
 * (contractChecked) and the validator's response check on too; `deps` replaces any default.
 */
export async function startServer(db: Knex, deps: Partial<AppDeps> = {}): Promise<TestServer> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = createApp({
    db,
    logger,
    validateResponses: true,
    dataVersionTtlMs: 0,
    budgets: SUITE_BUDGETS,
    snapshotDir: await sampleSnapshotDir(),
    ...deps,
  });
  const server = createServer(app.classes, contractChecked(app.listener)).listen(0, '127.0.0.1');
  // The server never closes an idle connection (0: no keep-alive timeout, so it sends no `Keep-Alive: timeout`
  // hint); fetch drops its idle ones after its own 4 s. Otherwise, on a loaded machine (load 10 on 2 cores)
  // the event loop lags past undici's 1 s margin and a request races the server's close: ECONNRESET.
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The body an operation answers: its success body typed from the contract, with the error envelope's
 * fields optional (a test of a failure reads `error`); `any` when no operation is named.
 */
export type BodyOf<Op extends OperationId | undefined> = Op extends OperationId
  ? ResponseOf<Op> & Partial<components['schemas']['Error']>
  : any;

export interface Reply<Op extends OperationId | undefined = undefined> {
  status: number;
  headers: Headers;
  body: BodyOf<Op>;
}

/** A response with its JSON body parsed (undefined when empty, e.g. 204 and 304). */
export async function replyOf<Op extends OperationId | undefined = undefined>(response: Response): Promise<Reply<Op>> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * A server of its own on a fresh database for the enclosing `describe`: the database made (useTestDb), `seed` run
 * on it, then the server started; after the tests the server stops before the database is dropped.
 */
export function useTestServer(seed: (db: Knex) => Promise<void> = async () => {}, deps: Partial<AppDeps> = {}) {
  let server: TestServer | undefined;
  after(async () => {
    await server?.close();
  });
  const testDb = useTestDb();
  before(async () => {
    await seed(testDb.db);
    server = await startServer(testDb.db, deps);
  });
  return {
    get db(): Knex {
      return testDb.db;
    },
    get server(): TestServer {
      if (server === undefined) throw new Error('useTestServer: the server runs once its before hook has run');
      return server;
    },
  };
}

/**
 * `useTestServer(seed)` with a key of a new account on `planId`, and `get(path)` with that key: the status and
 * the decoded body.
 */
export function useKeyedServer(
  seed: (db: Knex) => Promise<void>,
  planId = 'professional',
  deps: Partial<AppDeps> = {},
) {
  const store = useTestServer(seed, deps);
  let key = '';
  before(async () => {
    key = await keyOnPlan(store.db, planId);
  });
  return {
    get db(): Knex {
      return store.db;
    },
    get server(): TestServer {
      return store.server;
    },
    get key(): string {
      return key;
    },
    async get(path: string) {
      const response = await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': key } });
      return { status: response.status, body: await response.json() };
    },
    /** The body of a 200 answer as its text, to compare bytes as they are; any other status throws. */
    async text(path: string): Promise<string> {
      const response = await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': key } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
      return body;
    },
  };
}
