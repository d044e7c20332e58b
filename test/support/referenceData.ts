import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { importBundle } from '../../src/ingest/bundle';

const FIXTURES = fileURLToPath(new URL('../fixtures/reference/', import.meta.url));

/**
 * Reference and event fixtures through the import (test/fixtures/reference): the demo's real code changes
 * and CSI 300 snapshots, a calendar excerpt, and made-up names, halts, dividends, announcements and a
 * profile shaped as Tushare sends them (duplicates and update_flag corrections included). Idempotent.
 */
export async function loadReferenceFixtures(db: Knex): Promise<void> {
  await importBundle(db, FIXTURES);
}

/** Shenwan classification and membership intervals; once loaded, industry constituents answer from them. */
export async function loadShenwanFixtures(db: Knex): Promise<void> {
  await importBundle(db, `${FIXTURES}sw/`);
}
