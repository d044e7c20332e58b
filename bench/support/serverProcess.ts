import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from '../../src/db/connection';
import { migrateLatest } from '../../src/db/migrate';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';

/** Migrates, issues `key` to the demo account and raises its budget above any load (or benches measure 429s). */
export async function prepareDatabase(databaseUrl: string, key: string): Promise<void> {
  const db = connect(databaseUrl);
  await migrateLatest(db);
  await ensureDemoKey(db, key);
  await db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000_000 });
  await db.destroy();
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The server as `npm start` runs it: the build of `make build` (the Makefile's bench targets build it first). */
export const BUILT_SERVER = 'dist/src/main.js';

/** The node flags of `npm start` (package.json: the heap cap), so the API is measured as it runs in production. */
export const START_FLAGS = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string)
  .split(' ')
  .filter((arg) => arg.startsWith('--max'));

/**
 * `entry` (BUILT_SERVER, or sources under tsx: src/main.ts, src/cluster.ts, a bench server) in a process of its own on `port`, once /readyz
 * answers 200; `flags` go to node before the entry (e.g. START_FLAGS, --cpu-prof).
 */
export async function startServerProcess(
  entry: string,
  port: number,
  env: Record<string, string>,
  flags: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...flags, ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    if (attempt > 1200) throw new Error(`${entry} did not become ready`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
