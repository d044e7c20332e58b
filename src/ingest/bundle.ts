import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { withPageCache } from '../db/sql';
import { loadTable } from './loadTable';
import type { LoadOptions, LoadResult, TableLoader } from '../loaders/loaderTypes';
import { API_CATALOGUE } from '../catalogue/apiCatalogue';
import { csvFileOf } from '../catalogue/apiDescriptor';

/** The apis of a bundle: each with a loader reads its `<api>.csv`, in the catalogue's (import) order. */
const LOADED = API_CATALOGUE.flatMap(({ api, load, formerFile }) => (load ? [{ api, load, formerFile }] : []));

/** The files a bundle may hold, for a message. */
export const BUNDLE_FILE_NAMES = LOADED.map(csvFileOf);

export interface BundleFile {
  api: string;
  path: string;
  bytes: number;
  load: TableLoader;
}

/** The files of a bundle directory that a loader reads (`<api>.csv`, or its former name), in import order. */
export function bundleFiles(dir: string): BundleFile[] {
  return LOADED.map(({ api, load, formerFile }) => {
    const path = join(dir, csvFileOf({ api }));
    return {
      api,
      load,
      path: formerFile !== undefined && !existsSync(path) ? join(dir, csvFileOf({ api: formerFile })) : path,
    };
  })
    .filter(({ path }) => existsSync(path))
    .map((file) => ({ ...file, bytes: statSync(file.path).size }));
}

export interface BundleProgress {
  start(file: BundleFile): LoadOptions;
  done(file: BundleFile, result: LoadResult): void;
}

/**
 * Imports every file of a Tushare-format bundle, each in its own transaction. The first bad file stops the
 * import with an IngestError; files before it stay loaded, the bad one leaves no trace.
 */
export async function importBundle(db: Knex, dir: string, progress?: BundleProgress): Promise<LoadResult[]> {
  return withPageCache(db, SQLITE_IMPORT_CACHE_KIB, async () => {
    const results: LoadResult[] = [];
    for (const file of bundleFiles(dir)) {
      const result = await loadTable(db, file.path, file.load, progress?.start(file) ?? {});
      progress?.done(file, result);
      results.push(result);
    }
    return results;
  });
}

/**
 * SQLite page cache while importing, in KiB: a daily file in date order inserts all over the (ts_code,
 * trade_date) B-tree; with SQLite's default page cache of a few megabytes every insert misses once the table
 * outgrows it.
 */
const SQLITE_IMPORT_CACHE_KIB = 65_536;
