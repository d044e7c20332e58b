import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/connection';
import { withPageCache } from '../../db/sql';
import type { ColumnType } from '../../domain/answers/columnTypes';
import type { FieldSource } from '../../domain/tables/tushareApi';
import { toTushareDate } from '../../domain/tables/tushareUnits';
import { addDays } from '../../domain/time/calendar';
import type { Visibility } from '../../domain/time/marketTime';
import type { ColumnarFormat } from '../../http/answers/answerFormat';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import { TUSHARE_APIS } from '../../catalogue/apiCatalogue';
import { FlatFileEncoder } from './flatFileEncoder';
import { packColumns, writeAtomically, type FlatFileDone } from './flatFileEncoding';
import { tushareQuery } from './tushare.service';
import { CodeHistory } from '../common/codeHistory.service';
import { DataVersions } from '../../db/dataVersions';
import type { TushareValue } from './tushare.types';

/**
 * The column a dataset's files are partitioned on: `trade_date` for market data (one session a file), or
 * `ann_date` for disclosures (one calendar day a file: they are published on closed days too); null when its
 * api cannot be asked for one day of it alone.
 */
function partitionOf(apiName: string): 'trade_date' | 'ann_date' | null {
  const api = TUSHARE_APIS[apiName]!;
  if (api.period !== undefined) return null;
  return (
    (['trade_date', 'ann_date'] as const).find(
      (param) =>
        api.params[param]?.op === 'eq' && (api.requiresOneOf === undefined || api.requiresOneOf.includes(param)),
    ) ?? null
  );
}

/** The api_names a flat-file export writes: those asked by one trading day or one announcement day. */
export const EXPORTABLE_DATASETS = Object.keys(TUSHARE_APIS).filter((name) => partitionOf(name) !== null);

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
 * answers them), one file a session under `out/<dataset>/trade_date=YYYY-MM-DD/part-0.<format>` (a disclosure's
 * of each announcement day under `ann_date=`) — Hive-style partitions that DuckDB, pandas and Polars read as one
 * table — with the partition's column not a column of the file.
 * `manifest.json` lists each file (dataset, date, rows, sha256): a rerun writes only the files whose bytes
 * changed, and a crashed run, rerun, ends with the same directory. Every row is under its security's current
 * code, as `/dataapi` answers a day (`answeredUnder`).
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
  const days: string[] = [];
  for (let day = options.since; day <= options.until; day = addDays(day, 1)) days.push(day);
  const datesOf = (dataset: string) => (partitionOf(dataset) === 'trade_date' ? sessions : days);
  const manifest = new Manifest(options.out);
  const summary: FlatFileSummary = { written: 0, unchanged: 0, rows: 0, files: 0 };
  const total = options.datasets.reduce((sum, dataset) => sum + datesOf(dataset).length, 0);
  let done = 0;
  const step = (dataset: string, date: string) => options.progress?.((done += 1), total, `${dataset} ${date}`);
  const codes = new CodeHistory(db, new DataVersions(db, 0));
  const encoder = new FlatFileEncoder();
  // Files posted to the encoder and not yet recorded, oldest first: while it encodes these, the next is read.
  const encoding: Array<{ entry: Omit<ManifestEntry, 'sha256'>; outcome: Promise<FlatFileDone> }> = [];
  const record = async () => {
    const { entry, outcome } = encoding.shift()!;
    const { sha256, written } = await outcome;
    manifest.set({ ...entry, sha256 });
    if (!written) summary.unchanged += 1;
    else if ((summary.written += 1) % SAVE_EVERY === 0) manifest.save();
    step(entry.dataset, entry.date);
  };
  try {
    for (const dataset of options.datasets) {
      const api = TUSHARE_APIS[dataset]!;
      const partition = partitionOf(dataset)!;
      // Every field of the api but the partition's.
      const columns = Object.keys(api.fields).filter((name) => name !== partition);
      const types = columns.map((name) => TYPE_OF_KIND[api.fields[name]!.kind]);
      for (const date of datesOf(dataset)) {
        const rows = await dayRows(
          db,
          calendar,
          codes,
          { apiName: dataset, fields: columns, partition },
          api.scope,
          date,
        );
        if (rows.length === 0) {
          manifest.remove(dataset, date);
          step(dataset, date);
          continue;
        }
        const entry = {
          dataset,
          date,
          rows: rows.length,
          path: `${dataset}/${partition}=${date}/part-0.${options.format}`,
        };
        const outcome = encoder.encode({
          format: options.format,
          columns,
          types,
          metadata: { dataset, [partition]: date },
          values: packColumns(rows, types),
          file: join(options.out, entry.path),
          held: manifest.held(entry),
        });
        // Its failure is met when it is recorded, in turn; until then it is not an unhandled rejection.
        outcome.catch(() => undefined);
        encoding.push({ entry, outcome });
        summary.rows += rows.length;
        summary.files += 1;
        if (encoding.length > ENCODING_AHEAD) await record();
      }
    }
    while (encoding.length > 0) await record();
  } finally {
    await encoder.close();
  }
  manifest.save();
  return summary;
}

/** Files posted to the encoding thread beyond the one it encodes: one queued keeps it busy while the next is read. */
const ENCODING_AHEAD = 1;

/** A day's rows of an api_name's fields (its session's, or its announcements'), every page of them. */
async function dayRows(
  db: Db,
  calendar: TradingCalendar,
  codes: CodeHistory,
  { apiName, fields, partition }: { apiName: string; fields: string[]; partition: 'trade_date' | 'ann_date' },
  scope: string,
  date: string,
): Promise<TushareValue[][]> {
  const items: TushareValue[][] = [];
  for (;;) {
    const params = { [partition]: toTushareDate(date)!, offset: String(items.length) };
    const page = await tushareQuery(
      db,
      calendar,
      { apiName, params, fields },
      { scopes: [scope], visibility: EVERYTHING },
      codes,
    );
    items.push(...page.items);
    if (!page.has_more) return items;
  }
}

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

  /** The sha256 of the bytes the file holds, as last recorded; null when it was never written or is gone. */
  held(entry: Pick<ManifestEntry, 'dataset' | 'date' | 'path'>): string | null {
    const known = this.entries.get(keyOf(entry));
    return known?.path === entry.path && existsSync(join(this.dir, entry.path)) ? known.sha256 : null;
  }

  set(entry: ManifestEntry): void {
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
