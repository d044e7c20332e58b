import { addDays } from '../time/calendar';

/**
 * The flat files' layout (`FLAT_DIR`, `ashare export`): each dataset a folder of files in Tushare's layout and
 * units, one a period of its partition column — a closed year (`daily/2024.parquet`), a closed month of the
 * open year (`daily/2026-11.parquet`), a day of the open month (`daily/2026-12-04.parquet`) — or one snapshot
 * of a reference table (`stock_basic/snapshot.parquet`). A session appended writes one small file; a month
 * or a year, once closed, becomes one file a reader fetches in one request and reads a column of by Range.
 */

/** The columns a dataset's files are cut on: its session, or the day its rows were announced. */
export const PARTITION_COLUMNS = ['trade_date', 'ann_date'] as const;
export type PartitionColumn = (typeof PARTITION_COLUMNS)[number];

export type FileUnit = 'year' | 'month' | 'day' | 'snapshot';

/** One file's period: its unit, its name (`2024`, `2026-11`, `2026-12-04`, `snapshot`) and its days. */
export interface FilePeriod {
  unit: FileUnit;
  name: string;
  /** The first and last calendar day it covers (null for a snapshot). */
  first: string | null;
  last: string | null;
}

export const SNAPSHOT: FilePeriod = { unit: 'snapshot', name: 'snapshot', first: null, last: null };

/** The last calendar day of a `YYYY-MM` month. */
const monthEnd = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return addDays(number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`, -1);
};

/** The period a day's rows are filed under on `today` (the exchange's date): its year, its month, or itself. */
export function periodOf(date: string, today: string): FilePeriod {
  if (date.slice(0, 4) < today.slice(0, 4)) {
    const year = date.slice(0, 4);
    return { unit: 'year', name: year, first: `${year}-01-01`, last: `${year}-12-31` };
  }
  if (date.slice(0, 7) < today.slice(0, 7)) {
    const month = date.slice(0, 7);
    return { unit: 'month', name: month, first: `${month}-01`, last: monthEnd(month) };
  }
  return { unit: 'day', name: date, first: date, last: date };
}

/** A file's path under the flat directory. */
export const filePath = (dataset: string, period: Pick<FilePeriod, 'name'>, extension: string): string =>
  `${dataset}/${period.name}.${extension}`;

/** One file as the manifest lists it. */
export interface FlatFileEntry {
  dataset: string;
  /** Under the flat directory, `/`-separated. */
  path: string;
  unit: FileUnit;
  first_date: string | null;
  last_date: string | null;
  rows: number;
  bytes: number;
  sha256: string;
}

/** What serving a dataset's files needs to know: the key scope it asks, its partition, whether plan delays apply. */
export interface FlatDataset {
  scope: string;
  partition: PartitionColumn | null;
  /** Its rows describe a session's close (market time): a plan's daily delay hides the files of the days it hides. */
  delayed: boolean;
  /** The last day of its partition the files were read through (null: a snapshot); later days have no file yet. */
  through: string | null;
}

/** `manifest.json`: every file, written last by each run that changed one. */
export interface FlatManifest {
  format_version: 1;
  written_at: string;
  /** The store's data versions when the run began. */
  data_versions: Record<string, number>;
  /** The last change of the store (`data_changes`) the files hold. */
  changes_through: number;
  /** False while a run is writing the files for the first time: the next run writes every file again. */
  complete: boolean;
  datasets: Record<string, FlatDataset>;
  files: FlatFileEntry[];
}

export const MANIFEST_FILE = 'manifest.json';

/**
 * A file a plan may fetch now: a file of market time whose last day the plan's daily delay still hides is not
 * (`dailyThrough`: the newest session the plan sees, null when it sees all).
 */
export const fileVisible = (entry: FlatFileEntry, dataset: FlatDataset, dailyThrough: string | null): boolean =>
  !dataset.delayed || dailyThrough === null || entry.last_date === null || entry.last_date <= dailyThrough;

/** The days a load wrote, per partition column it holds: what the flat files of those days must be written again for. */
export type DateRanges = Map<PartitionColumn, { first: string; last: string }>;

/** Widens `ranges` by a row's partition columns (`YYYY-MM-DD` texts). */
export function trackPartitionDates(ranges: DateRanges, row: Readonly<Record<string, unknown>>): void {
  for (const column of PARTITION_COLUMNS) {
    const date = row[column];
    if (typeof date !== 'string' || date.length !== 10) continue;
    const range = ranges.get(column);
    if (range === undefined) ranges.set(column, { first: date, last: date });
    else if (date < range.first) range.first = date;
    else if (date > range.last) range.last = date;
  }
}
