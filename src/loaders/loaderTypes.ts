/** What a table's loader declares and what a load reports: the types the loaders, the bundle and the sync share. */
import type { Knex } from 'knex';
import type { Row } from '../db/upsertSpec';
import type { Db } from '../db/connection';
import type { Dataset } from '../db/dataVersions';

/** A converted row as the loaders write it. */
export type { Row };

export interface TableLoad {
  table: string;
  /** Primary-key columns: rows with the same key replace each other, so a rerun changes nothing. */
  key: string[];
  /** Columns the header must have; a file without one of them is refused at line 1. */
  columns: string[];
  /** The data set whose version an import of this table bumps. */
  dataset: Dataset;
  /** One CSV record → one row, or null to skip it; throws an Error whose message is the reason. */
  toRow(values: Record<string, string>): Row | null;
  /** `merge` replaces existing rows; `ignore` keeps them. */
  onConflict?: 'merge' | 'ignore';
  /** Columns an existing row keeps when it is replaced (e.g. when a bar was first published). */
  keep?: string[];
  /** Two rows of one file with the same key: which one stands. Without it such a file is refused. */
  resolveSameKey?(earlier: Row, later: Row): Row;
  /** The rows of a batch as they are written: drops those that must not replace what is stored, or completes them from it; runs in the file's transaction. */
  beforeWrite?(trx: Knex.Transaction, rows: Row[]): Promise<Row[]>;
  /** Runs after the last row of a file is written, in the same transaction (derived columns). */
  afterLoad?(trx: Knex.Transaction, loaded: LoadResult): Promise<void>;
}

/** A table load, or a function making one per file (for loads that read the schema or keep per-file state). */
export type TableLoader = TableLoad | ((db: Db) => Promise<TableLoad>);

export interface LoadResult {
  /** The file (or upstream call) the rows came from. */
  source: string;
  table: string;
  rows: number;
  /** The earliest and latest date of the key's date column, when it has one. */
  firstDate: string | null;
  lastDate: string | null;
  /** Rows left out because they cannot be stored, all counted; the first of them by line and reason. */
  rejectedRows: number;
  rejections: RejectedRow[];
}

/** A record the load left out: its line (the file's, or the reply's row + 1) and why. */
export interface RejectedRow {
  line: number;
  reason: string;
}

export interface LoadOptions {
  /** Called after each written batch with the rows written so far. */
  onRows?(rows: number): void;
  /** Called with each chunk of bytes read from a file. */
  onBytes?(bytes: number): void;
  /** Runs inside the file's transaction after the load (e.g. to record sync progress atomically). */
  beforeCommit?(trx: Knex.Transaction, result: LoadResult): Promise<void>;
}

/** A load's rejected rows as lines `source:line: reason` (the first reported), then how many more there were. */
export function rejectionLines({ source, rejectedRows, rejections }: LoadResult): string[] {
  const lines = rejections.map(({ line, reason }) => `${source}:${line}: ${reason} (row left out)`);
  if (rejectedRows > rejections.length) lines.push(`${source}: ${rejectedRows - rejections.length} more rows left out`);
  return lines;
}
