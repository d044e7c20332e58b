import type { Db } from './connection';

/**
 * Which engine a connection speaks. Only src/db asks (the drivers-in-db boundary): what differs by engine is
 * written here once, and the rest of the app calls what src/db offers.
 */
export function isSqlite(db: Db): boolean {
  return db.client.dialect === 'sqlite3';
}
