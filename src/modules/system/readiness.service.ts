import type { Knex } from 'knex';
import { pendingMigrations } from '../../db/migrate';

type CheckState = 'ok' | 'failing';

export interface ReadinessReport {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; data: CheckState; accepting: CheckState };
}

/**
 * Whether this instance should get traffic: the database answers (each probe bounded like any statement),
 * the schema is current, data is loaded, and no shutdown has begun. Schema and data are checked until they
 * first pass, then only the database is probed (one `select 1` per call).
 */
export class Readiness {
  private draining = false;
  private schemaCurrent = false;
  private dataLoaded = false;

  /** `readDb`: the data routes' pool when it is not `db` (a replica); both must answer. */
  constructor(
    private readonly db: Knex,
    private readonly readDb: Knex = db,
  ) {}

  /** SIGTERM: report not ready so the load balancer stops sending new requests. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<ReadinessReport> {
    const database = (await passes(() => this.db.raw('select 1'))) && (this.readDb === this.db || (await passes(() => this.readDb.raw('select 1'))));
    if (database && !this.schemaCurrent) this.schemaCurrent = await passes(async () => (await pendingMigrations(this.db)) === 0);
    if (database && !this.dataLoaded) this.dataLoaded = await passes(async () => (await this.readDb('securities').first('ts_code')) !== undefined);
    const checks = {
      database: state(database),
      migrations: state(this.schemaCurrent),
      data: state(this.dataLoaded),
      accepting: state(!this.draining),
    };
    return { ready: Object.values(checks).every((check) => check === 'ok'), checks };
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
