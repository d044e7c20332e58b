import { loadDemoDataIfEmpty } from '../../src/ingest/demo';
import { ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { startServer, type TestServer } from './server';
import { useTestDb, type TestDb } from './testDb';

/** The demo store as `make run` serves it, for the enclosing `describe`: its database, server and demo key. */
export interface DemoServer {
  testDb: TestDb;
  server: TestServer;
  key: string;
}

/**
 * Loads the demo store (as main.ts does on first start with DEMO_DATA=auto) into a database of the enclosing
 * `describe`, with its demo key, and serves it; the server stops before the database is dropped.
 */
export function useDemoServer(): DemoServer {
  const demo = {} as DemoServer;
  // Declared before the database's own after hook, so it stops what uses the database first.
  after(async () => {
    await demo.server?.close();
  });
  demo.testDb = useTestDb();
  before(async () => {
    await loadDemoDataIfEmpty(demo.testDb.db);
    demo.key = (await ensureDemoKey(demo.testDb.db))!;
    demo.server = await startServer(demo.testDb.db);
  });
  return demo;
}
