import { join } from 'node:path';
import type { Db } from '../../db/connection';
import { withPageCache } from '../../db/sql';
import { changesBetween, lastChangeId, type DataChange } from '../../db/dataChanges';
import type { ColumnType } from '../../domain/answers/columnTypes';
import type { FieldSource, TushareApi } from '../../domain/tables/tushareApi';
import { toTushareDate } from '../../domain/tables/tushareUnits';
import { addDays } from '../../domain/time/calendar';
import { exchangeToday } from '../../domain/time/clock';
import type { Visibility } from '../../domain/time/marketTime';
import {
  filePath,
  PARTITION_COLUMNS,
  periodOf,
  SNAPSHOT,
  type FilePeriod,
  type FlatDataset,
  type PartitionColumn,
} from '../../domain/tables/flatLayout';
import type { ColumnarFormat } from '../../http/answers/answerFormat';
import { TradingCalendar } from '../common/tradingCalendar.service';
import { TUSHARE_APIS } from '../../catalogue/apiCatalogue';
import { DAILY_BASIC } from '../../domain/tables/marketLayouts';
import { FlatFileEncoder } from './flatFileEncoder';
import { concatPacked, packColumns, type FlatFileDone, type PackedColumn } from './flatFileEncoding';
import { FlatManifestFile } from './flatManifest';
import { tushareQuery } from './tushare.service';
import { dataVersionsNow, kindsIn, partitionDates, partitionSpan } from './tushare.repository';
import { CodeHistory } from '../common/codeHistory.service';
import { DataVersions } from '../../db/dataVersions';
import type { TushareValue } from './tushare.types';

/**
 * The column a dataset's files are cut on: `trade_date` for market data (sessions), or `ann_date` for
 * disclosures (calendar days: they are published on closed days too); null when its api cannot be asked for
 * one day of it alone.
 */
function partitionOf(api: TushareApi): PartitionColumn | null {
  if (api.period !== undefined) return null;
  return (
    PARTITION_COLUMNS.find(
      (param) =>
        api.params[param]?.op === 'eq' && (api.requiresOneOf === undefined || api.requiresOneOf.includes(param)),
    ) ?? null
  );
}

/** A reference table written whole as one file: an api asked without any parameter (none required). */
const isSnapshot = (api: TushareApi): boolean =>
  api.period === undefined && api.requiresOneOf === undefined && partitionOf(api) === null;

/** The api_names the flat files hold: those asked by one trading or announcement day, and the snapshots. */
export const FLAT_DATASETS = Object.keys(TUSHARE_APIS).filter(
  (name) => partitionOf(TUSHARE_APIS[name]!) !== null || isSnapshot(TUSHARE_APIS[name]!),
);

/** How a dataset's files are served: its scope, its partition, whether a plan's daily delay hides its newest. */
const flatDatasetOf = (name: string, through: string | null): FlatDataset => {
  const api = TUSHARE_APIS[name]!;
  return {
    scope: api.scope,
    partition: partitionOf(api),
    delayed: api.layout.marketTime !== undefined && api.layout.marketTime.clock !== 'minute',
    through,
  };
};

export interface FlatFileOptions {
  out: string;
  format?: ColumnarFormat;
  /** Some datasets only (default: every one of FLAT_DATASETS). */
  datasets?: readonly string[];
  /** Only the files whose period meets this range (each written whole). */
  since?: string;
  until?: string;
  /** Every file written again (only those whose bytes changed replace theirs), not only those the store's changes touch. */
  full?: boolean;
  /** The exchange's date (default: now's): which months and years are closed. */
  today?: string;
  /** Called after each file, with how many are done of all. */
  progress?: (done: number, total: number, label: string) => void;
}

export interface FlatFileSummary {
  /** Files whose rows were read and encoded. */
  files: number;
  written: number;
  unchanged: number;
  /** Files deleted: their rows are gone, or a closed month's or year's file took their place. */
  removed: number;
  rows: number;
}

/** Files written between two saves of the manifest in a first run: a crash loses at most these, which a rerun writes again. */
const SAVE_EVERY = 50;

/** The flat files see every loaded row: no plan, no delay (the files route applies the plan's). */
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

/** The tables a dataset's rows are read from: a change of one of them changes its files. */
const tablesOf = (api: TushareApi): Set<string> =>
  new Set([
    api.layout.table,
    ...(Object.values(api.fields).some((field) => field.from === 'valuation') ? [DAILY_BASIC.table] : []),
  ]);

/** A change of the codes changes every file a security's rows are in: they are filed under its current code. */
const CHANGES_EVERYTHING = 'code_changes';

/**
 * The flat files (`FLAT_DIR`, `ashare export`): each dataset's rows in Tushare's layout and units (as `/dataapi`
 * answers them, every row under its security's current code) in the periods of src/domain/tables/flatLayout.ts,
 * with `manifest.json` (each file's period, rows, bytes and sha256, the data versions, the last change of the
 * store they hold) written last. The first run writes every file; each later one reads the store's changes since
 * the manifest's (`data_changes`: each load's table and days) and writes again only the files of the periods they
 * touch, the sessions after the last file, and a closed month's or year's file in place of its days' (which are
 * then deleted). A file is written to a temporary name and renamed over the old one only when its bytes differ,
 * so a rerun writes nothing and a reader never sees half a file.
 */
export function writeFlatFiles(db: Db, calendar: TradingCalendar, options: FlatFileOptions): Promise<FlatFileSummary> {
  return withPageCache(db, EXPORT_CACHE_KIB, () => runFlatFiles(db, calendar, options));
}

/** FLAT_DIR kept current: the files a load or update changed written again (every file, the first time). */
export const keepFlatFiles = (db: Db, out: string, progress?: FlatFileOptions['progress']): Promise<FlatFileSummary> =>
  writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), { out, progress });

/**
 * SQLite's page cache while writing, in KiB: each session's rows are read once, so the connection's usual
 * 64 MiB would fill with pages never read again and count against the run's memory (as for the audit).
 */
const EXPORT_CACHE_KIB = 8_192;

interface Plan {
  dataset: string;
  api: TushareApi;
  partition: PartitionColumn | null;
  periods: FilePeriod[];
  /** The last day the dataset's files were read through before this run, and will be after it (null: a snapshot). */
  known: string | null;
  through: string | null;
}

async function runFlatFiles(db: Db, calendar: TradingCalendar, options: FlatFileOptions): Promise<FlatFileSummary> {
  const today = options.today ?? exchangeToday();
  const manifest = new FlatManifestFile(options.out);
  const lastChange = await lastChangeId(db);
  const versions = await dataVersionsNow(db);
  const datasets = options.datasets ?? FLAT_DATASETS;
  // A run over part of the files holds part of the changes: it leaves the manifest's mark where it was.
  const partial = options.datasets !== undefined || options.since !== undefined || options.until !== undefined;
  const first = manifest.previous?.complete !== true;
  const after = manifest.previous?.changes_through ?? 0;
  const changes = options.full || first ? null : await changesBetween(db, after, lastChange);
  const span = {
    since: options.since ?? '0000-01-01',
    until: options.until !== undefined && options.until < today ? options.until : today,
  };
  const plans: Plan[] = [];
  for (const dataset of datasets) {
    const api = TUSHARE_APIS[dataset]!;
    const partition = partitionOf(api);
    const plan = { dataset, api, partition, known: manifest.previous?.datasets[dataset]?.through ?? null };
    plans.push({ ...plan, ...(await periodsToWrite(db, manifest, plan, { changes, today, ...span })) });
  }
  const summary: FlatFileSummary = { files: 0, written: 0, unchanged: 0, removed: 0, rows: 0 };
  const total = plans.reduce((sum, plan) => sum + plan.periods.length, 0);
  const codes = new CodeHistory(db, new DataVersions(db, 0));
  const encoder = new FlatFileEncoder();
  const served = Object.fromEntries(
    plans.map(({ dataset, known, through }) => {
      const kept = partial || (known !== null && through !== null && known > through);
      return [dataset, flatDatasetOf(dataset, kept ? known : through)];
    }),
  );
  const state = (complete: boolean) => ({
    data_versions: versions,
    changes_through: partial ? after : complete ? lastChange : after,
    complete: partial ? manifest.previous?.complete === true : complete,
  });
  const openDays = await calendar.openDays();
  try {
    for (const plan of plans)
      for (const period of plan.periods) {
        const dates =
          plan.partition === null
            ? []
            : plan.partition === 'trade_date'
              ? openDays.between(period.first!, period.last!)
              : await partitionDates(db, plan.api.layout.table, plan.partition, period.first!, period.last!);
        const reader = (date: string | null) => rowsOf(db, calendar, codes, plan, date);
        const written = await writePeriod(encoder, manifest, options, plan, period, dates, reader);
        summary.files += 1;
        summary.rows += written.rows;
        if (written.done?.written) {
          summary.written += 1;
          if (first && summary.written % SAVE_EVERY === 0) manifest.save(state(false), served);
        } else if (written.done) summary.unchanged += 1;
        options.progress?.(summary.files, total, `${plan.dataset} ${period.name}`);
      }
  } finally {
    await encoder.close();
  }
  summary.removed += manifest.pendingRemovals();
  const ended = state(true);
  const unchanged =
    summary.written + summary.removed === 0 &&
    manifest.previous?.changes_through === ended.changes_through &&
    manifest.previous.complete === ended.complete;
  // A run that changed nothing leaves the manifest as it was: a rerun writes nothing.
  if (!unchanged) manifest.save(ended, served);
  return summary;
}

/**
 * The periods of a dataset a run writes: every one with rows in the range (a first or full run); else those the
 * changes since the manifest touch, those after the last day read (`known`), and closed months and years still
 * filed by their days or months.
 */
async function periodsToWrite(
  db: Db,
  manifest: FlatManifestFile,
  { dataset, api, partition, known }: Omit<Plan, 'periods' | 'through'>,
  { changes, today, since, until }: { changes: DataChange[] | null; today: string; since: string; until: string },
): Promise<Pick<Plan, 'periods' | 'through'>> {
  const tables = tablesOf(api);
  const relevant = (changes ?? []).filter((change) => tables.has(change.table) || change.table === CHANGES_EVERYTHING);
  if (partition === null) {
    const due = changes === null || relevant.length > 0 || manifest.previous?.datasets[dataset] === undefined;
    return { periods: due ? [SNAPSHOT] : [], through: null };
  }
  const stored = await partitionSpan(db, api.layout.table, partition);
  // A first or full run over a dataset of one kind its table holds none of reads no session: it has none.
  const none = changes === null && !(await holdsItsKind(db, api));
  const periods = new Map<string, FilePeriod>();
  // The periods of the days from `first` through `last` within the run's range.
  const add = (first: string, last: string) => {
    for (let day = first > since ? first : since; day <= last && day <= until; day = addDays(day, 1)) {
      const period = periodOf(day, today);
      periods.set(period.name, period);
    }
  };
  const everything = changes === null || relevant.some((change) => change.first === null || change.column === null);
  // The files there are, read again with the rest: a period whose rows are gone loses its file.
  if (everything) for (const file of manifest.filesOf(dataset)) add(file.first_date!, file.last_date!);
  else for (const change of relevant) if (change.column === partition) add(change.first!, change.last!);
  if (stored !== null && !none) add(everything || known === null ? stored.first : addDays(known, 1), stored.last);
  for (const period of regroupedPeriods(manifest, dataset, today)) periods.set(period.name, period);
  const through = stored === null || stored.last > until ? (known ?? null) : stored.last;
  return { periods: [...periods.values()].sort((a, b) => (a.first! < b.first! ? -1 : 1)), through };
}

/**
 * Whether the table of a dataset restricted to one kind of security or code family holds any row of it: a store
 * of stocks alone holds no ETF's, and reading every session of twenty years to find none took minutes.
 */
async function holdsItsKind(db: Db, api: TushareApi): Promise<boolean> {
  if (api.securityKind === undefined && api.codeSuffix === undefined) return true;
  const kinds = await kindsIn(db, api.layout.table);
  return kinds.some(
    ({ kind, suffix }) =>
      (api.securityKind === undefined || kind === api.securityKind) &&
      (api.codeSuffix === undefined || suffix === api.codeSuffix),
  );
}

/** The closed months and years of a dataset still filed by their days or months: each is written as one file. */
function regroupedPeriods(manifest: FlatManifestFile, dataset: string, today: string): FilePeriod[] {
  const due = new Map<string, FilePeriod>();
  for (const file of manifest.filesOf(dataset)) {
    if (file.first_date === null) continue;
    const period = periodOf(file.first_date, today);
    if (period.unit !== file.unit) due.set(period.name, period);
  }
  return [...due.values()];
}

/**
 * Rows of a row group at most: a month of a small dataset, half a month of the whole market's bars (about 11
 * sessions of 5,500). A year's column is then about 24 ranges to read, and a row group's buffers in both threads
 * stay within the export's memory target (the figures: ARCHITECTURE.md, the flat files).
 */
const ROW_GROUP_ROWS = 65_536;

/** A period's rows written as one file, a row group a month at most, while the next is read; none: no file. */
async function writePeriod(
  encoder: FlatFileEncoder,
  manifest: FlatManifestFile,
  options: FlatFileOptions,
  plan: Plan,
  period: FilePeriod,
  dates: readonly string[],
  read: (date: string | null) => Promise<TushareValue[][]>,
): Promise<{ rows: number; done: FlatFileDone | null }> {
  const format = options.format ?? 'parquet';
  const path = filePath(plan.dataset, period, format);
  const columns = Object.keys(plan.api.fields);
  const types = columns.map((name) => TYPE_OF_KIND[plan.api.fields[name]!.kind]);
  let [rows, opened, month] = [0, false, ''];
  let [firstDate, lastDate] = [null as string | null, null as string | null];
  // The month's sessions, each packed as it is read: no array per row outlives its session.
  let pending: PackedColumn[][] = [];
  let pendingRows = 0;
  let writing: Promise<void> = Promise.resolve();
  const post = async () => {
    if (pending.length === 0) return;
    if (!opened) {
      opened = true;
      const metadata = { dataset: plan.dataset, period: period.name };
      await encoder.open({
        format,
        columns,
        types,
        metadata,
        file: join(options.out, path),
        held: manifest.held(path),
      });
    }
    await writing;
    writing = encoder.write(concatPacked(pending));
    pending = [];
    pendingRows = 0;
  };
  for (const date of plan.partition === null ? [null] : dates) {
    if ((date !== null && date.slice(0, 7) !== month) || pendingRows >= ROW_GROUP_ROWS) {
      await post();
      month = date?.slice(0, 7) ?? '';
    }
    const day = await read(date);
    if (day.length === 0) continue;
    firstDate ??= date;
    lastDate = date;
    rows += day.length;
    pendingRows += day.length;
    pending.push(packColumns(day, types));
  }
  await post();
  let done: FlatFileDone | null = null;
  if (opened) {
    await writing;
    done = await encoder.finish();
    const { bytes, sha256 } = done;
    const entry = { dataset: plan.dataset, path, unit: period.unit, first_date: firstDate, last_date: lastDate };
    manifest.set({ ...entry, rows, bytes, sha256 });
  } else manifest.remove(path);
  for (const file of supersededBy(manifest, plan.dataset, period, path)) manifest.remove(file);
  return { rows, done };
}

/** The files of a dataset a period's file takes the place of: its days' or months' files. */
const supersededBy = (manifest: FlatManifestFile, dataset: string, period: FilePeriod, path: string): string[] =>
  period.first === null
    ? []
    : manifest
        .filesOf(dataset)
        .filter((file) => file.path !== path && file.first_date! >= period.first! && file.last_date! <= period.last!)
        .map((file) => file.path);

/** A day's rows of an api's every field (its session's, or its announcements'), every page; a snapshot's all. */
async function rowsOf(
  db: Db,
  calendar: TradingCalendar,
  codes: CodeHistory,
  { dataset, api, partition }: Plan,
  date: string | null,
): Promise<TushareValue[][]> {
  const fields = Object.keys(api.fields);
  const asked = date === null ? snapshotAsks(api) : [{ [partition!]: toTushareDate(date)! }];
  const items: TushareValue[][] = [];
  for (const params of asked)
    for (let offset = 0; ;) {
      const page = await tushareQuery(
        db,
        calendar,
        { apiName: dataset, params: { ...params, offset: String(offset) }, fields },
        { scopes: [api.scope], visibility: EVERYTHING },
        codes,
      );
      items.push(...page.items);
      offset += page.items.length;
      if (!page.has_more) break;
    }
  return items;
}

/**
 * What a snapshot asks to get every row: an api whose parameter has a default Tushare applies (stock_basic:
 * `list_status` L) is asked once for each value it allows (L, D, P), so delisted securities are in it too.
 */
function snapshotAsks(api: TushareApi): Array<Record<string, string>> {
  let asks: Array<Record<string, string>> = [{}];
  for (const [param, fallback] of Object.entries(api.paramDefaults ?? {})) {
    const values = api.params[param]?.allowed ?? [fallback];
    asks = asks.flatMap((ask) => values.map((value) => ({ ...ask, [param]: value })));
  }
  return asks;
}
