import { expect } from 'chai';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/childServer';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'ak_demo_production_install_test_key';

/**
 * The run stage of an image, as docs/operations.md describes it: the build (dist/), the files the server
 * reads (generated/, db/demo/, the console page) and the production dependencies only — here the project's
 * node_modules pruned with `npm prune --omit=dev` (no registry needed; better-sqlite3 keeps its compiled
 * binary), so no tsx, esbuild or TypeScript. The server must start, load the demo data through the compiled
 * CLI, and answer.
 */
describe('ops: the build runs with production dependencies only (run stage of an image)', function () {
  this.timeout(180_000);
  let dir: string;
  let server: ChildProcess;
  let output = '';
  let base: string;

  before(async function () {
    if (!existsSync(join(ROOT, 'dist/src/main.js')))
      throw new Error('dist/ is missing: run `make build` (make test builds first)');
    dir = mkdtempSync(join(tmpdir(), 'ashare-run-stage-'));
    for (const path of [
      'package.json',
      'package-lock.json',
      'dist',
      'generated/openapi.json',
      'generated/docs.html',
      'db/demo',
      'src/console/public',
      'node_modules',
    ]) {
      cpSync(join(ROOT, path), join(dir, path), { recursive: true, verbatimSymlinks: true });
    }
    execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'ignore',
    });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--enable-source-maps', '--max-old-space-size=512', 'dist/src/main.js'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite://${join(dir, 'data/store.sqlite')}`,
        DEMO_API_KEY: KEY,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    for (
      const deadline = Date.now() + 120_000;
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ));
    ) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the built server did not become ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  after(() => {
    server?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has no development dependency installed (tsx, esbuild, typescript, mocha)', () => {
    for (const name of ['tsx', 'esbuild', 'typescript', 'mocha'])
      expect(existsSync(join(dir, 'node_modules', name)), name).to.equal(false);
    expect(existsSync(join(dir, 'node_modules/express'))).to.equal(true);
  });

  it('loaded the demo data through the compiled CLI and answers the data routes, the docs and the console', async () => {
    const daily = await fetch(
      `${base}/v1/market/daily?symbol=000001.SZ&begin_date=2024-06-13&end_date=2024-06-14&fields=date,close`,
      { headers: { 'X-API-KEY': KEY } },
    );
    const body = await daily.json();
    expect([daily.status, body.data.daily]).to.deep.equal([
      200,
      [
        { date: '2024-06-14', close: 9.96 },
        { date: '2024-06-13', close: 9.86 },
      ],
    ]);
    for (const path of ['/docs', '/console', '/openapi.json'])
      expect((await fetch(base + path)).status, path).to.equal(200);
    expect(output).to.contain('ashare-api listening on');
  });

  it('runs the MCP result store as the compiled child process', async () => {
    const call = async (name: string, args: object) => {
      const response = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          'X-API-KEY': KEY,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      return ((await response.json()) as { result: { content: Array<{ text: string }> } }).result.content[0]!.text;
    };
    expect(
      await call('get_daily', {
        symbol: '000001.SZ',
        begin_date: '2024-06-13',
        end_date: '2024-06-14',
        store_as: 'bars',
      }),
    ).to.match(/^Stored 2 rows as table bars/);
    expect(await call('query_results', { sql: 'SELECT date, close FROM bars ORDER BY date' })).to.equal(
      'date,close\n2024-06-13,9.86\n2024-06-14,9.96',
    );
  });
});
