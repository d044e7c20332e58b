import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '../../db/connection';
import { withPageCache } from '../../db/sql';
import type { ColumnType } from '../../domain/api/columnTypes';
import type { FieldSource } from '../../domain/tables/tushareApi';
import { toTushareDate } from '../../domain/tables/tushareUnits';
import type { Visibility } from '../../domain/time/marketTime';
import type { ColumnarFormat } from '../../http/answers/answerFormat';
import { columnarChunks } from '../../http/answers/columnarChunks';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import { TUSHARE_APIS } from './apiNames.catalog';
import { tushareQuery } from './tushare.service';
import type { TushareValue } from './tushare.types';

/** The api_names a flat-file export writes: those asked by `trade_date`, one session's rows a file. */
export const EXPORTABLE_DATASETS = Object.entries(TUSHARE_APIS)
  .filter(([, api]) => api.params.trade_date?.op === 'eq' && api.period === undefined)
  .map(([name]) => name);

export interface FlatFileOptions {
  datasets: readonly string[];
  since: string;
  until: string;
  format: ColumnarFormat;
  out: string;
  /** Called after each session of each dataset, with how many are done of all. */
  progress?: (done: number, total: number, label: string) => void;
}

/** One file of the export as the manifest lists it. */
export interface ManifestEntry {
  dataset: string;
  date: string;
  rows: number;
  sha256: string;
  path: string;
}

export interface FlatFileSummary {
  written: number;
  unchanged: number;
  rows: number;
  files: number;
}

/** The manifest's name in the export's directory. */
export const MANIFEST = 'manifest.json';
/** Files written between two saves of the manifest: a crash loses at most these, which a rerun writes again. */
const SAVE_EVERY = 50;

/** An operator's export sees every loaded row: no plan, no delay. */
const EVERYTHING: Visibility = {
  plan: 'export',
  dailyDelayMinutes: 0,
  minuteDelayMinutes: 0,
  tickAccess: true,
  dailyThrough: null,
  minuteThrough: null,
};

/** A Tushare field's column type: its layout kind (dates `YYYYMMDD`, times Beijing minutes). */
const TYPE_OF_KIND: Record<FieldSource['kind'], ColumnType> = {
  code: 'string',
  text: 'string',
  level: 'string',
  number: 'float64',
  integer: 'int64',
  date: 'date',
  datetime: 'timestamp',
};

/**
 * The flat-file export: each dataset's rows of each session in Tushare's layout and units (as `/dataapi`
 * answers them), one file a session under `out/<dataset>/trade_date=YYYY-MM-DD/part-0.<format>` — Hive-style
 * partitions that DuckDB, pandas and Polars read as one table — with `trade_date` the partition, not a column.
 * `manifest.json` lists each file (dataset, date, rows, sha256): a rerun writes only the files whose bytes
 * changed, and a crashed run, rerun, ends with the same directory.
 */
export function exportFlatFiles(db: Db, calendar: TradingCalendar, options: FlatFileOptions): Promise<FlatFileSummary> {
  return withPageCache(db, EXPORT_CACHE_KIB, () => writeFlatFiles(db, calendar, options));
}

/**
 * SQLite's page cache during an export, in KiB: each session's rows are read once, so the connection's usual
 * 64 MiB would fill with pages never read again and count against the export's memory (as for the audit).
 */
const EXPORT_CACHE_KIB = 8_192;

async function writeFlatFiles(db: Db, calendar: TradingCalendar, options: FlatFileOptions): Promise<FlatFileSummary> {
  const sessions = (await calendar.openDays()).between(options.since, options.until);
  const manifest = new Manifest(options.out);
  const summary: FlatFileSummary = { written: 0, unchanged: 0, rows: 0, files: 0 };
  const total = options.datasets.length * sessions.length;
  let done = 0;
  for (const dataset of options.datasets) {
    const api = TUSHARE_APIS[dataset]!;
    // Every field of the api but the partition's.
    const columns = Object.keys(api.fields).filter((name) => name !== 'trade_date');
    const types = columns.map((name) => TYPE_OF_KIND[api.fields[name]!.kind]);
    for (const date of sessions) {
      const items = await sessionRows(db, calendar, { apiName: dataset, fields: columns }, api.scope, date);
      const path = `${dataset}/trade_date=${date}/part-0.${options.format}`;
      if (items.length === 0) manifest.remove(dataset, date);
      else {
        const bytes = Buffer.concat([
          ...columnarChunks(options.format, {
            columns,
            types,
            metadata: { dataset, trade_date: date },
            batches: [items],
          }),
        ]);
        const entry = { dataset, date, rows: items.length, sha256: sha256(bytes), path };
        if (manifest.holds(entry)) summary.unchanged += 1;
        else {
          manifest.write(entry, bytes);
          summary.written += 1;
          if (summary.written % SAVE_EVERY === 0) manifest.save();
        }
        summary.rows += items.length;
        summary.files += 1;
      }
      options.progress?.((done += 1), total, `${dataset} ${date}`);
    }
  }
  manifest.save();
  return summary;
}

/** A session's rows of an api_name's fields, every page of them. */
async function sessionRows(
  db: Db,
  calendar: TradingCalendar,
  { apiName, fields }: { apiName: string; fields: string[] },
  scope: string,
  date: string,
): Promise<TushareValue[][]> {
  const items: TushareValue[][] = [];
  for (;;) {
    const params = { trade_date: toTushareDate(date)!, offset: String(items.length) };
    const page = await tushareQuery(
      db,
      calendar,
      { apiName, params, fields },
      { scopes: [scope], visibility: EVERYTHING },
    );
    items.push(...page.items);
    if (!page.has_more) return items;
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The export's manifest: what each file holds, kept beside the files and written whole (temp file, rename). */
class Manifest {
  private readonly entries = new Map<string, ManifestEntry>();
  private readonly file: string;

  constructor(private readonly dir: string) {
    this.file = join(dir, MANIFEST);
    if (existsSync(this.file))
      for (const entry of JSON.parse(readFileSync(this.file, 'utf8')).files as ManifestEntry[])
        this.entries.set(keyOf(entry), entry);
  }

  /** Whether the file is there with these bytes already. */
  holds(entry: ManifestEntry): boolean {
    return this.entries.get(keyOf(entry))?.sha256 === entry.sha256 && existsSync(join(this.dir, entry.path));
  }

  write(entry: ManifestEntry, bytes: Buffer): void {
    writeAtomically(join(this.dir, entry.path), bytes);
    this.entries.set(keyOf(entry), entry);
  }

  /** A session without rows has no file (one an earlier export wrote goes). */
  remove(dataset: string, date: string): void {
    const entry = this.entries.get(`${dataset} ${date}`);
    if (entry === undefined) return;
    rmSync(join(this.dir, entry.path), { force: true });
    this.entries.delete(`${dataset} ${date}`);
  }

  save(): void {
    const files = [...this.entries.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
    writeAtomically(this.file, Buffer.from(`${JSON.stringify({ files }, null, 1)}\n`));
  }
}

const keyOf = ({ dataset, date }: Pick<ManifestEntry, 'dataset' | 'date'>) => `${dataset} ${date}`;

/** A file written whole or not at all: to a temporary name beside it, then renamed over it. */
function writeAtomically(path: string, bytes: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
}
