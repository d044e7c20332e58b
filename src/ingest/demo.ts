import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { importBundle } from './bundle';
import { loadTable } from './loadTable';
import { baostockBasic } from './tables/baostockBasic';
import { stockBasic } from './tables/stockBasic';

export const DEMO_DIR = fileURLToPath(new URL('../../db/demo/', import.meta.url));

/**
 * Reference data at first start: every listed A-share (Tushare stock_basic, 2026-02-26), then delisted
 * stocks and indices from Baostock's list. Runs only on an empty `securities` table.
 */
export async function loadReferenceDataIfEmpty(db: Knex): Promise<number> {
  if (await db('securities').first('ts_code')) return 0;
  const listed = await loadTable(db, `${DEMO_DIR}stock_basic.csv`, stockBasic);
  const others = await loadTable(db, `${DEMO_DIR}baostock_stock_basic.csv`, baostockBasic);
  return listed.rows + others.rows;
}

/**
 * The whole demo dataset (db/demo, real data only; see its README) into an empty database: the Tushare-format
 * bundle (stock list, calendar, daily bars, factors, snapshot, financials, index weights), then the delisted
 * stocks and indices of Baostock's list.
 * Returns the rows loaded, 0 when the database already held securities.
 */
export async function loadDemoDataIfEmpty(db: Knex): Promise<number> {
  if (await db('securities').first('ts_code')) return 0;
  const results = await importBundle(db, DEMO_DIR);
  const others = await loadTable(db, `${DEMO_DIR}baostock_stock_basic.csv`, baostockBasic);
  return results.reduce((sum, result) => sum + result.rows, others.rows);
}
