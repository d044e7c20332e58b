/**
 * Memory and speed of the in-memory search index: `node --expose-gc --import tsx bench/search-index.ts`.
 * Heap before and after building it (garbage collected both times) on the demo store (6k securities) and on
 * the stock_basic of a generated bundle (STOCKS, default 5,000; generated on first use into the temp dir),
 * and the time of one search. Results: bench/results/search-index.json.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../src/db/connection';
import { DataVersions } from '../src/db/dataVersions';
import { migrateLatest } from '../src/db/migrate';
import { loadReferenceDataIfEmpty } from '../src/ingest/demo';
import { generateBundle } from '../src/generate/generateBundle';
import { loadTable } from '../src/ingest/loadTable';
import { stockBasic } from '../src/loaders/stockBasic';
import { SecuritySearch } from '../src/modules/stocks/securitySearch.service';
import { removeSqliteFile } from './support/reference';

const STOCKS = Number(process.env.STOCKS ?? 5000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

async function measure(store: string, fill: (url: string) => Promise<void>) {
  const file = join(tmpdir(), `ashare-bench-search-${process.pid}.sqlite`);
  const url = `sqlite://${file}`;
  try {
    await fill(url);
    const db = connect(url);
    const securities = Number((await db('securities').count({ n: '*' }).first())!.n);
    const search = new SecuritySearch(db, new DataVersions(db, 60_000));
    gc!();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    await search.search('平安', { limit: 20, offset: 0 });
    const buildMs = performance.now() - started;
    gc!();
    const after = process.memoryUsage().heapUsed;
    const rounds = 2000;
    const searchStarted = performance.now();
    for (let i = 0; i < rounds; i++)
      await search.search(['平安', 'PAYH', '60', '银行'][i % 4]!, { limit: 20, offset: 0 });
    const result = {
      store,
      securities,
      index_heap_mb: round((after - before) / 2 ** 20),
      bytes_per_security: Math.round((after - before) / securities),
      first_build_ms: Math.round(buildMs),
      search_us: Math.round(((performance.now() - searchStarted) / rounds) * 1000),
    };
    console.log(JSON.stringify(result));
    await db.destroy();
    return result;
  } finally {
    removeSqliteFile(file);
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

const demo = await measure('demo', async (url) => {
  const db = connect(url);
  await migrateLatest(db);
  await loadReferenceDataIfEmpty(db);
  await db.destroy();
});
const bundle = join(tmpdir(), `ashare-bench-search-${STOCKS}`);
if (!existsSync(join(bundle, 'stock_basic.csv')))
  await generateBundle({ out: bundle, stocks: STOCKS, years: 1, seed: 1 });
const generated = await measure(`generated ${STOCKS} stocks`, async (url) => {
  const db = connect(url);
  await migrateLatest(db);
  await loadTable(db, join(bundle, 'stock_basic.csv'), stockBasic);
  await db.destroy();
});
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/search-index.json',
  `${JSON.stringify({ measured_at: new Date().toISOString(), load_average_1m: round(loadavg()[0]!), results: [demo, generated] }, null, 2)}\n`,
);
