import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { withPageCache } from '../db/sql';
import { loadTable } from './loadTable';
import type { LoadOptions, LoadResult, TableLoader } from './loaderTypes';
import { adjFactor, dailyBasic, indexWeight, tradeCal } from './tables/marketTables';
import { cbDaily, daily, fundDaily, indexDaily } from './tables/dailyBars';
import { cbBasic, fundBasic } from './tables/instrumentTables';
import { annsD, disclosureDate, suspendD } from './tables/eventTables';
import {
  bseMapping,
  codeChange,
  dividend,
  indexBasic,
  indexClassify,
  indexMemberAll,
  nameChange,
  stockCompany,
  thsIndex,
  thsMember,
} from './tables/referenceTables';
import { statementLoader } from './tables/statements';
import { stkMins, stkMins5min, ticks } from './tables/minuteTables';
import { stockBasic } from './tables/stockBasic';
import { datasetLoad } from './tables/datasetTables';
import { universe } from './tables/universeTable';
import { DATASET_DESCRIPTORS } from '../domain/tables/datasetDescriptors';

/** The Tushare API each loader reads, in import order (securities and calendar before the data on them). */
export const LOADERS: ReadonlyArray<readonly [api: string, loader: TableLoader]> = [
  ['stock_basic', stockBasic],
  ['index_basic', indexBasic],
  ['fund_basic', fundBasic],
  ['cb_basic', cbBasic],
  ['namechange', nameChange],
  ['code_change', codeChange],
  ['bse_mapping', bseMapping],
  ['stock_company', stockCompany],
  ['index_classify', indexClassify],
  ['index_member_all', indexMemberAll],
  ['ths_index', thsIndex],
  ['ths_member', thsMember],
  ['trade_cal', tradeCal],
  // Valuations before bars: the bars take their turnover from them as they are written (tables/turnover.ts).
  ['daily_basic', dailyBasic],
  ['daily', daily],
  ['index_daily', indexDaily],
  ['fund_daily', fundDaily],
  ['cb_daily', cbDaily],
  ['adj_factor', adjFactor],
  ['fund_adj', adjFactor],
  ['index_weight', indexWeight],
  // The datasets of the descriptors (src/domain/tables/datasetDescriptors.ts), Baostock's quarterly indicators among them.
  ...DATASET_DESCRIPTORS.map((descriptor) => [descriptor.api, datasetLoad(descriptor)] as const),
  ['income', statementLoader('income_statements')],
  ['balancesheet', statementLoader('balance_sheets')],
  ['cashflow', statementLoader('cash_flows')],
  ['disclosure_date', disclosureDate],
  ['dividend', dividend],
  ['suspend_d', suspendD],
  ['anns_d', annsD],
  ['stk_mins', stkMins],
  ['stk_mins_5min', stkMins5min],
  ['ticks', ticks],
  // What the store means to hold (src/domain/market/universe.ts), in this project's layout.
  ['universe', universe],
];

export function loaderOf(api: string): TableLoader | undefined {
  return LOADERS.find(([name]) => name === api)?.[1];
}

export interface BundleFile {
  api: string;
  path: string;
  bytes: number;
}

/** The name a file had in bundles written before it took its api_name (announcements were `anns.csv`). */
const FORMER_FILE_NAMES: Readonly<Record<string, string>> = { anns_d: 'anns' };

/** The files of a bundle directory that a loader reads (`<api>.csv`, or its former name), in import order. */
export function bundleFiles(dir: string): BundleFile[] {
  return LOADERS.map(([api]) => {
    const path = join(dir, `${api}.csv`);
    const former = FORMER_FILE_NAMES[api];
    return { api, path: former !== undefined && !existsSync(path) ? join(dir, `${former}.csv`) : path };
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
      const result = await loadTable(db, file.path, loaderOf(file.api)!, progress?.start(file) ?? {});
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
