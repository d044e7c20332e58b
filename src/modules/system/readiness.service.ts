import type { Knex } from 'knex';
import { pendingMigrations } from '../../db/migrate';
import { replicaLag } from '../../db/replication';

type CheckState = 'ok' | 'failing';

export interface ReadinessReport {
  ready: boolean;
  checks: {
    database: CheckState;
    migrations: CheckState;
    data: CheckState;
    accepting: CheckState;
    replica: CheckState;
    freshness: CheckState;
    /** With an update schedule: whether the stored calendar reaches today. */
    calendar?: CheckState;
  };
  /** The last day of the stored calendar (with an update schedule): short of today, today's trading is unknown. */
  calendar_through?: string | null;
  /** Datasets behind the session expected by now, with their lag in sessions. */
  stale_datasets?: Array<{ dataset: string; lag: number }>;
  /** Seconds the read replica is behind its primary (MariaDB/MySQL replicas; absent otherwise); null when its replication is stopped. */
  replica_lag_seconds?: number | null;
}

/** REPLICA_MAX_LAG_SECONDS by default: a replica further behind is not ready (its answers would be that old). */
export const DEFAULT_MAX_REPLICA_LAG_SECONDS = 30;

/**
 * Whether this instance should get traffic: the database answers (each probe bounded like any statement),
 * the schema is current, data is loaded, and no shutdown has begun. Schema and data are checked until they
 * first pass, then only the database is probed (one `select 1` per call).
 */
export class Readiness {
  private draining = false;
  private schemaCurrent = false;
  private dataLoaded = false;
  private freshness: { lags(): Promise<Array<{ dataset: string; lag: number }>>; maxLagSessions?: number } | undefined;
  private calendarReach: (() => Promise<{ through: string | null; coversToday: boolean }>) | undefined;

  /**
   * `readDb`: the data routes' pool when it is not `db` (a replica); both must answer, and a MariaDB/MySQL
   * replica must be at most `maxReplicaLagSeconds` behind its primary.
   */
  constructor(
    private readonly db: Knex,
    private readonly readDb: Knex = db,
    private readonly maxReplicaLagSeconds = DEFAULT_MAX_REPLICA_LAG_SECONDS,
  ) {}

  /**
   * Names the stale datasets in each report; with `maxLagSessions` (READY_MAX_LAG_SESSIONS), one further
   * behind makes this instance not ready.
   */
  watchFreshness(lags: () => Promise<Array<{ dataset: string; lag: number }>>, maxLagSessions?: number): void {
    this.freshness = { lags, maxLagSessions };
  }

  /**
   * Fails readiness while the stored calendar does not reach today: the market's status and every date window
   * would be guessed. Watched where an update schedule keeps the store current (its run loads the source's
   * whole year first), so a calendar short of today means the updates have stopped.
   */
  watchCalendar(reach: () => Promise<{ through: string | null; coversToday: boolean }>): void {
    this.calendarReach = reach;
  }

  /** SIGTERM: report not ready so the load balancer stops sending new requests. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<ReadinessReport> {
    const database =
      (await passes(() => this.db.raw('select 1'))) &&
      (this.readDb === this.db || (await passes(() => this.readDb.raw('select 1'))));
    if (database && !this.schemaCurrent)
      this.schemaCurrent = await passes(async () => (await pendingMigrations(this.db)) === 0);
    if (database && !this.dataLoaded)
      this.dataLoaded = await passes(async () => (await this.readDb('securities').first('ts_code')) !== undefined);
    const lag = database && this.readDb !== this.db ? await replicaLag(this.readDb) : undefined;
    const stale =
      database && this.freshness !== undefined
        ? (await this.freshness.lags().catch(() => [])).filter((one) => one.lag > 0)
        : [];
    const maxLag = this.freshness?.maxLagSessions;
    const calendar =
      database && this.calendarReach !== undefined ? await this.calendarReach().catch(() => undefined) : undefined;
    const checks = {
      database: state(database),
      migrations: state(this.schemaCurrent),
      data: state(this.dataLoaded),
      accepting: state(!this.draining),
      replica: state(lag === undefined || (lag !== null && lag <= this.maxReplicaLagSeconds)),
      freshness: state(maxLag === undefined || stale.every((one) => one.lag <= maxLag)),
      ...(this.calendarReach === undefined ? {} : { calendar: state(calendar?.coversToday === true) }),
    };
    return {
      ready: Object.values(checks).every((check) => check === 'ok'),
      checks,
      ...(lag === undefined ? {} : { replica_lag_seconds: lag }),
      ...(stale.length === 0 ? {} : { stale_datasets: stale }),
      ...(calendar === undefined ? {} : { calendar_through: calendar.through }),
    };
  }
}

const state = (ok: boolean): CheckState => (ok ? 'ok' : 'failing');

/** True when `probe` resolves to anything but false; a thrown error is a failing check, never a 500. */
async function passes(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    return (await probe()) !== false;
  } catch {
    return false;
  }
}
