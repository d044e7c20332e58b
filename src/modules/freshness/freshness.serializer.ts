import type { components } from '../../../generated/api';
import { severityTotals, type OpenCount } from '../../domain/quality/findings';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import { beijingInstant, type MarketStatus } from '../../domain/time/marketStatus';
import type { CoverageReport, DatasetCoverageRow, FindingRow, UpdateRunRecordRow } from './freshness.types';

type Schemas = components['schemas'];

/** A Beijing `YYYY-MM-DD HH:MM[:SS]` as an ISO instant with its offset. */
const beijing = (wallClock: string) =>
  beijingInstant(wallClock.slice(0, 10), wallClock.length === 16 ? `${wallClock.slice(11)}:00` : wallClock.slice(11));

export function toMarketStatus(status: MarketStatus): Schemas['MarketStatus'] {
  return {
    beijing_time: status.beijingTime,
    utc_time: status.utcTime,
    is_trading_day: status.isTradingDay,
    phase: status.phase,
    session_date: status.sessionDate,
    previous_session_date: status.previousSessionDate,
    next_open: status.nextOpen,
    next_close: status.nextClose,
    calendar_through: status.calendarThrough,
  };
}

function toDatasetCoverage(row: DatasetCoverageRow): Schemas['DatasetCoverage'] {
  return {
    dataset: row.dataset.name,
    clock: row.dataset.clock,
    first: row.first,
    last: row.last,
    expected: row.expected,
    lag_sessions: row.lag,
    missing_sessions: row.missing,
    partial_sessions: row.partial,
    failed_sessions: row.failed,
    rows: row.rows,
    securities: row.securities,
    last_update:
      row.lastUpdate === null
        ? null
        : {
            finished_at: sqlDateTimeToIso(row.lastUpdate.finished_at)!,
            source: row.lastUpdate.source,
            rows: row.lastUpdate.rows,
            status: row.lastUpdate.status,
          },
    next_update: row.nextUpdate === null ? null : beijing(row.nextUpdate),
  };
}

export function toDataCoverage(report: CoverageReport): Schemas['DataCoverage'] {
  return {
    as_of: beijing(report.asOf),
    symbol: report.symbol,
    expected_session: report.expectedSession,
    min_coverage: report.minCoverage,
    open_findings: report.openFindings,
    calendar_through: report.calendar.through,
    calendar_covers_today: report.calendar.coversToday,
    uncovered_exchanges: report.uncoveredExchanges,
    recorded_snapshot_days: report.recordedSnapshotDays,
    universe: report.universe,
    datasets: report.datasets.map(toDatasetCoverage),
  };
}

export function toUpdateRunRecord(row: UpdateRunRecordRow): Schemas['UpdateRunRecord'] {
  return {
    source: row.source,
    trigger: row.trigger,
    slot: row.slot,
    started_at: sqlDateTimeToIso(row.started_at)!,
    finished_at: sqlDateTimeToIso(row.finished_at),
    status: row.status,
    sessions: Number(row.sessions),
    rows: Number(row.rows),
    error: row.error,
  };
}

/** A kept finding on the wire: the market's as a null symbol, the item null when none, times in UTC. */
export function toQualityFinding(row: FindingRow): Schemas['QualityFinding'] {
  return {
    check: row.check_name,
    severity: row.severity as Schemas['QualityFinding']['severity'],
    symbol: row.ts_code === '' ? null : row.ts_code,
    date: String(row.trade_date).slice(0, 10),
    item: row.item === '' ? null : row.item,
    detail: JSON.parse(row.detail) as Schemas['QualityFinding']['detail'],
    first_seen: sqlDateTimeToIso(row.first_seen)!,
    last_seen: sqlDateTimeToIso(row.last_seen)!,
    resolved_at: sqlDateTimeToIso(row.resolved_at),
  };
}

/** The open counts as the summary: errors, warnings, and per check. */
export function toQualitySummary(counts: readonly OpenCount[]): Schemas['DataQuality']['summary'] {
  const { errors, warnings } = severityTotals(counts);
  return {
    open_errors: errors,
    open_warnings: warnings,
    by_check: counts.map(({ check, severity, open }) => ({
      check,
      severity: severity as 'error' | 'warning',
      open,
    })),
  };
}
