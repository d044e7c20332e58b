import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { storeIsEmpty } from '../db/storeState';
import { paths } from '../paths';
import { runAudit } from '../audit/runAudit';
import { importBundle } from './bundle';
import { writeRecentSessions } from '../generate/recentSessions';
import { loadTable } from './loadTable';
import { baostockBasic } from '../loaders/baostockBasic';
import { API } from '../catalogue/apiCatalogue';
import { csvFileOf } from '../catalogue/apiDescriptor';

export const DEMO_DIR = paths.demoData;

/**
 * Reference data at first start: every listed A-share (Tushare stock_basic, 2026-02-26), then delisted
 * stocks and indices from Baostock's list. Runs only on an empty `securities` table.
 */
export async function loadReferenceDataIfEmpty(db: Knex): Promise<number> {
  if (!(await storeIsEmpty(db))) return 0;
  const listed = await loadTable(db, join(DEMO_DIR, csvFileOf(API.stock_basic)), API.stock_basic.load);
  const others = await loadTable(db, join(DEMO_DIR, 'baostock_stock_basic.csv'), baostockBasic);
  return listed.rows + others.rows;
}

/**
 * The whole demo dataset into an empty database: the real Tushare-format bundle of db/demo (stock list,
 * calendar, daily bars, factors, snapshot, financials, index weights), the delisted stocks and indices of
 * Baostock's list, then the synthetic recent sessions of three stocks (see db/demo/README.md, "Real and
 * synthetic rows"), dated up to the day before `now` in Beijing; then, as after every import, the audit.
 * Returns the rows loaded, 0 when the database already held securities.
 */
export async function loadDemoDataIfEmpty(db: Knex, now = new Date()): Promise<number> {
  if (!(await storeIsEmpty(db))) return 0;
  const results = await importBundle(db, DEMO_DIR);
  const others = await loadTable(db, join(DEMO_DIR, 'baostock_stock_basic.csv'), baostockBasic);
  const recent = await importRecentSessions(db, now);
  await runAudit(db, { now });
  return [...results, ...recent].reduce((sum, result) => sum + result.rows, others.rows);
}

async function importRecentSessions(db: Knex, now: Date) {
  const dir = mkdtempSync(join(tmpdir(), 'ashare-demo-recent-'));
  try {
    await writeRecentSessions(DEMO_DIR, dir, now);
    return await importBundle(db, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
