import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataVersions } from '../../src/db/dataVersions';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { keyOnPlan } from '../support/marketData';
import { pythonForClient } from '../support/python';
import { loadSampleData, SAMPLE_REQUESTS } from '../support/sampleRequests';
import { useTestServer } from '../support/server';
import { eventsOf } from '../../src/domain/market/liveEvents';
import { StreamHub } from '../../src/modules/market/streamHub.service';
import { skipVisibly } from '../support/skip';

const CLIENT_DIR = fileURLToPath(new URL('../../clients/python', import.meta.url));

/** Runs the Python client's pytest suite against this run's server; resolves with its exit code and output. */
function pytest(python: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests'], {
      cwd: CLIENT_DIR,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('clients/python: the Python client against a live server (pytest)', function () {
  this.timeout(180_000);
  // A store of its own: what the shared one holds depends on the tests that ran before (the Shenwan classification).
  // A live hub the suite's stream test reads: a quote of 600519 every 50 ms, every stream ended every 20th (it resumes).
  // The server's clock stands still at the suite's start: answers that carry the time (the coverage report's
  // minute) are the same to the typed method and to the raw call that checks it, whenever the suite runs.
  const hub = new StreamHub();
  const startedAt = new Date();
  // The flat files of the sample store, served at /v1/files (the suite's `files`).
  const flatDir = mkdtempSync(join(tmpdir(), 'ashare-python-flat-'));
  after(() => rmSync(flatDir, { recursive: true, force: true }));
  const store = useTestServer(
    async (db) => {
      await loadReferenceDataIfEmpty(db);
      await loadSampleData(db);
      await writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), { out: flatDir, datasets: ['daily'] });
    },
    { liveHub: hub, clock: () => startedAt, flatDir },
  );
  let publishing: NodeJS.Timeout;
  before(() => {
    let id = 1;
    publishing = setInterval(() => {
      const time = new Date(Date.UTC(2025, 0, 2, 1, 31) + id * 1000).toISOString().slice(0, 19).replace('T', ' ');
      hub.receive(
        eventsOf(
          {
            quotes: [
              {
                ts_code: '600519.SH',
                name: '贵州茅台',
                time,
                last: 1525,
                open: 1524,
                high: 1526,
                low: 1523,
                pre_close: 1524,
                volume: id * 100,
                amount: id * 152_500,
                bids: [],
                asks: [],
                limit_up: null,
                limit_down: null,
                suspended: false,
              },
            ],
            bars: [],
          },
          () => id++,
        ),
      );
      if (id % 20 === 0) hub.closeAll();
    }, 50);
  });
  after(() => clearInterval(publishing));
  let python: string;
  let env: Record<string, string>;
  before(async function () {
    const found = pythonForClient();
    if (found === null)
      skipVisibly(
        this,
        "the Python client's suite",
        'no python3 with pytest and pandas (make test installs them from Debian as root)',
        'REQUIRE_PYTHON',
      );
    python = found!;
    // The suite pages through lists 7 items a page: a budget above its pace, so it never waits out a 429.
    const key = await keyOnPlan(store.db, 'enterprise', { perMinute: 1_000_000 });
    env = {
      ASHARE_TEST_BASE_URL: store.server.baseUrl,
      ASHARE_TEST_KEY: key,
      ASHARE_TEST_STARTER_KEY: await keyOnPlan(store.db, 'starter'),
      ASHARE_TEST_SAMPLES: JSON.stringify(SAMPLE_REQUESTS),
    };
  });

  it('passes with pandas: every typed method, a split daily table as a DataFrame, a 429 retry, pages and the cursor, an error per status', async () => {
    const { code, output } = await pytest(python, env);
    expect(code, output).to.equal(0);
  });

  it('passes without pandas (tables stay lists of dicts)', async () => {
    const { code, output } = await pytest(python, { ...env, ASHARE_BLOCK_PANDAS: '1' });
    expect(code, output).to.equal(0);
  });
});
