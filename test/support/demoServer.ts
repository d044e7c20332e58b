import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemoDataIfEmpty } from '../../src/ingest/demo';
import { ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { keepFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { startServer, type TestServer } from './server';
import { useTestDb, type TestDb } from './testDb';

/** The demo store as `make run` serves it, for the enclosing `describe`: its database, server, demo key and flat files. */
export interface DemoServer {
  testDb: TestDb;
  server: TestServer;
  key: string;
  /** Its FLAT_DIR, written as `make run` writes `data/flat` at its first start. */
  flatDir: string;
}

/**
 * Loads the demo store (as main.ts does on first start with DEMO_DATA=auto) into a database of the enclosing
 * `describe`, with its demo key and its flat files, and serves it; the server stops before the database is dropped.
 */
export function useDemoServer(): DemoServer {
  const demo = {} as DemoServer;
  // Declared before the database's own after hook, so it stops what uses the database first.
  after(async () => {
    await demo.server?.close();
    if (demo.flatDir) rmSync(demo.flatDir, { recursive: true, force: true });
  });
  demo.testDb = useTestDb();
  before(async () => {
    await loadDemoDataIfEmpty(demo.testDb.db);
    demo.key = (await ensureDemoKey(demo.testDb.db))!;
    demo.flatDir = mkdtempSync(join(tmpdir(), 'ashare-demo-flat-'));
    await keepFlatFiles(demo.testDb.db, demo.flatDir);
    demo.server = await startServer(demo.testDb.db, { flatDir: demo.flatDir });
  });
  return demo;
}
