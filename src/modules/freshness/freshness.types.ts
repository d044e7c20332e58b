import type { Exchange } from '../../domain/reference/symbols';
import type { CoverageDataset, SessionCount } from '../../domain/market/coverage';
import type { UpdateSource } from '../../domain/time/syncSchedule';

/** What the store holds of a dataset (of one security, or all), and its sessions of the gap window counted. */
export interface DatasetStats {
  first: string | null;
  last: string | null;
  rows: number;
  securities: number;
  /** The gap window's sessions that count (a security's: those of its listed life it traded), each counted. */
  counts: Map<string, SessionCount>;
}

/** A finished update run. */
export interface UpdateRunRow {
  source: UpdateSource;
  finished_at: string;
  rows: number;
  status: 'ok' | 'incomplete' | 'failed';
}

/** A run as recorded, finished or not. */
export interface UpdateRunRecordRow {
  source: UpdateSource;
  trigger: 'schedule' | 'command';
  slot: string | null;
  started_at: string;
  finished_at: string | null;
  status: 'running' | 'ok' | 'incomplete' | 'failed' | 'interrupted';
  sessions: number;
  rows: number;
  error: string | null;
}

/** One dataset's coverage, as a plan sees it. */
export interface DatasetCoverageRow {
  dataset: CoverageDataset;
  first: string | null;
  last: string | null;
  expected: string | null;
  lag: number | null;
  missing: string[];
  partial: string[];
  failed: string[];
  rows: number;
  securities: number;
  lastUpdate: UpdateRunRow | null;
  /** Beijing `YYYY-MM-DD HH:MM`. */
  nextUpdate: string | null;
}

export interface CoverageReport {
  /** Beijing `YYYY-MM-DD HH:MM`. */
  asOf: string;
  symbol: string | null;
  expectedSession: string | null;
  minCoverage: number;
  /** The audit's open findings on the dates the plan sees (of the security, with one). */
  openFindings: { errors: number; warnings: number };
  calendar: CalendarCoverage;
  /** Exchanges none of the scheduled sources serves (Baostock: BSE): not counted in a session's universe. */
  uncoveredExchanges: Exchange[];
  /** The days the snapshot recorder keeps, oldest first. */
  recordedSnapshotDays: string[];
  universe: UniverseSummary;
  datasets: DatasetCoverageRow[];
}

/** The store's declared universe as the report tells it. */
export interface UniverseSummary {
  /** False: nothing declared, the whole market. */
  declared: boolean;
  /** The indices whose members are declared. */
  indices: string[];
  /** The securities meant on the expected session; null when it is the whole market's. */
  members: number | null;
}

/** How far the stored calendar reaches: its last day, and whether that is today or later (else today is unknown). */
export interface CalendarCoverage {
  through: string | null;
  coversToday: boolean;
}

/** A kept finding as stored. */
export interface FindingRow {
  check_name: string;
  ts_code: string;
  trade_date: string;
  item: string;
  severity: string;
  detail: string;
  first_seen: string;
  last_seen: string;
  resolved_at: string | null;
}
