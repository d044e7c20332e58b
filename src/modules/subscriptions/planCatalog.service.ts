import type { Db } from '../../db/connection';
import { listPlans } from './subscriptions.repository';
import type { PlanRow } from './subscriptions.types';

/** Plans change rarely (an operator's edit): the three rows are read at most once a minute. */
const PLAN_TTL_MS = 60_000;

/**
 * The one source of a plan's rules (rate limit, delays, tick access) for the request path: the key check, plan
 * visibility and billing read them here, with one lifetime. An account's change of plan reaches its keys at
 * once (the key cache forgets the account's keys); an edit of the plans table within a minute.
 */
export class PlanCatalog {
  private loaded: { plans: Map<string, PlanRow>; at: number } | undefined;

  constructor(private readonly db: Db) {}

  /** The plan, or null for an id no plan has. */
  async plan(id: string, now = Date.now()): Promise<PlanRow | null> {
    if (this.loaded === undefined || now - this.loaded.at >= PLAN_TTL_MS) {
      this.loaded = { plans: new Map((await listPlans(this.db)).map((plan) => [plan.id, plan])), at: now };
    }
    return this.loaded.plans.get(id) ?? null;
  }
}
