import type { Db } from '../../db/connection';
import type { ListingRow } from './common.types';

/** The listing rows of securities (what every symbol-taking route of reference data and events names). */
export async function listingRows(db: Db, codes: string[]): Promise<ListingRow[]> {
  return db('securities')
    .whereIn('ts_code', codes)
    .select('ts_code', 'name', 'list_date', 'delist_date', 'list_status');
}

/** Names over time (Tushare `namechange`) of the codes, oldest first. */
