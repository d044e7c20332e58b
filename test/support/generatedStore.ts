import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { importBundle } from '../../src/ingest/bundle';
import { generateBundle } from '../../src/generate/generateBundle';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { startServer, type TestServer } from './server';
import { createTestDb, type TestDb } from './testDb';

/** The generated store: 50 synthetic stocks over the seven years 2019-2025 (ticks of three), served with the demo key. */
export interface GeneratedStore {
  db: Knex;
  baseUrl: string;
  /** The demo account's key (enterprise plan, a budget far above the tests' pace). */
  key: string;
}

export const GENERATED_STOCKS = 50;
export const GENERATED_YEARS = 7;

let testDb: TestDb | undefined;
let server: TestServer | undefined;
let store: Promise<GeneratedStore> | undefined;

/** One generated store per run, shared by the client and MCP tests (generating and importing it takes seconds). */
export function generatedStore(): Promise<GeneratedStore> {
  store ??= (async () => {
    testDb = await createTestDb();
    const dir = mkdtempSync(join(tmpdir(), 'ashare-store-'));
    try {
      await generateBundle({ out: dir, stocks: GENERATED_STOCKS, years: GENERATED_YEARS, seed: 12 });
      await importBundle(testDb.db, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const key = (await ensureDemoKey(testDb.db))!;
    await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
    server = await startServer(testDb.db);
    return { db: testDb.db, baseUrl: server.baseUrl, key };
  })();
  return store;
}

export async function closeGeneratedStore(): Promise<void> {
  await server?.close();
  await testDb?.drop();
}
