import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { loadTable } from './loadTable';
import { baostockBasic } from './tables/baostockBasic';
import { stockBasic } from './tables/stockBasic';

const DEMO_DIR = fileURLToPath(new URL('../../db/demo/', import.meta.url));

/**
 * Reference data at first start: every listed A-share (Tushare stock_basic, 2026-02-26), then delisted
 * stocks and indices from Baostock's list. Runs only on an empty `securities` table.
 */
export async function loadReferenceDataIfEmpty(db: Knex): Promise<number> {
  if (await db('securities').first('ts_code')) return 0;
  const listed = await loadTable(db, `${DEMO_DIR}stock_basic.csv`, stockBasic);
  const others = await loadTable(db, `${DEMO_DIR}baostock_stock_basic.csv`, baostockBasic);
  return listed + others;
}
