import type { Db } from '../../db/connection';
import { exchangeDateTime } from '../../domain/clock';
import { toSqlDateTime } from '../../domain/dates';
import { insufficientPermissions } from '../../domain/errors';
import { findPlanDelays, type PlanDelays } from './market.repository';

/**
 * What a plan may see (the plan's delays). The delay is one filter on publication time, applied by
 * `whereVisible` (shared/visibleRows.repository) alone: daily bars on `published_at` (UTC), minute bars and ticks on `trade_time` (Beijing).
 */
export interface Visibility {
  dailyDelayMinutes: number;
  minuteDelayMinutes: number;
  tickAccess: boolean;
  /** Newest visible publication time of daily bars (UTC), null when real time. */
  dailyCutoff: string | null;
  /** Newest visible minute-bar or tick time (Beijing), null when real time. */
  minuteCutoff: string | null;
}


const PLAN_TTL_MS = 60_000;

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

export function visibilityOf(plan: PlanDelays, now: Date): Visibility {
  const daily = Number(plan.daily_delay_minutes);
  const minute = Number(plan.minute_delay_minutes);
  return {
    dailyDelayMinutes: daily,
    minuteDelayMinutes: minute,
    tickAccess: Boolean(Number(plan.tick_access)),
    dailyCutoff: daily > 0 ? toSqlDateTime(minutesBefore(now, daily)) : null,
    minuteCutoff: minute > 0 ? exchangeDateTime(minutesBefore(now, minute)) : null,
  };
}

export function assertTickAccess(visibility: Visibility): void {
  if (!visibility.tickAccess) throw insufficientPermissions();
}

/** Plans change rarely: their rows are remembered for a minute. */
export class PlanRules {
  private readonly plans = new Map<string, { row: PlanDelays; at: number }>();

  constructor(private readonly db: Db) {}

  async visibility(planId: string, now = new Date()): Promise<Visibility> {
    const cached = this.plans.get(planId);
    if (cached && now.getTime() - cached.at < PLAN_TTL_MS) return visibilityOf(cached.row, now);
    const row = await findPlanDelays(this.db, planId);
    if (!row) throw insufficientPermissions();
    this.plans.set(planId, { row, at: now.getTime() });
    return visibilityOf(row, now);
  }
}
