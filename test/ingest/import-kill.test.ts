import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { generateBundle } from '../../src/generate/generateBundle';
import { BOOKKEEPING_TABLES, digestOfRows, tableNames } from '../support/rowDigest';
import { useTestDb } from '../support/testDb';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Version counters count imports, not data: a killed import may have bumped one before it died. */
/** When a bar was first loaded: the clock of each import, not the bundle's data. */
const LOAD_TIME = ['published_at'];

/**
 * `ashare import <dir>` as a real child process; with `killAfterMs`, SIGKILLed that long after its first
 * progress line (so the kill lands inside the import, not in start-up). Resolves with the exit code or signal.
 */
function runImport(databaseUrl: string, dir: string, killAfterMs?: number): Promise<number | string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'import', dir], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let armed = false;
  const onOutput = () => {
    if (killAfterMs === undefined || armed) return;
    armed = true;
    setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal!)));
}

describe('import killed with SIGKILL at a random point, then run again', function () {
  this.timeout(180_000);
  let dir: string;
  const clean = useTestDb();
  const killed = useTestDb();
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ashare-kill-'));
    // 100 stocks × 2 years: about 95,000 rows in 8 files, an import of several seconds.
    await generateBundle({ out: dir, stocks: 100, years: 2, seed: 7 });
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves exactly the rows of one clean import', async () => {
    expect(await runImport(clean.url, dir)).to.equal(0);
    // Random, but reported: 0-3 s after the first file started covers every file of this bundle.
    const killAfterMs = Math.floor(Math.random() * 3000);
    const first = await runImport(killed.url, dir, killAfterMs);
    expect(await runImport(killed.url, dir), `rerun after a kill at +${killAfterMs} ms (${first})`).to.equal(0);
    const tables = await tableNames(clean.db, BOOKKEEPING_TABLES);
    expect(await digestOfRows(killed.db, tables, LOAD_TIME), `killed at +${killAfterMs} ms`).to.deep.equal(
      await digestOfRows(clean.db, tables, LOAD_TIME),
    );
    expect(Object.values(await digestOfRows(clean.db, ['daily_bars']))[0]).to.match(/^42673:/);
  });
});
