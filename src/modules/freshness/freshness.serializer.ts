import type { components } from '../../../generated/api';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import { beijingInstant, type MarketStatus } from '../../domain/time/marketStatus';
import type { CoverageReport, DatasetCoverageRow, UpdateRunRecordRow } from './freshness.types';

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
