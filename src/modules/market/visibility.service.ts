import { exchangeDateTime } from '../../domain/clock';
import { toSqlDateTime } from '../../domain/dates';
import { insufficientPermissions } from '../../domain/errors';
import type { PlanCatalog } from '../subscriptions/planCatalog.service';
import type { PlanRow } from '../subscriptions/subscriptions.types';

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

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

export function visibilityOf(plan: Pick<PlanRow, 'daily_delay_minutes' | 'minute_delay_minutes' | 'tick_access'>, now: Date): Visibility {
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

/** What the plan lets its keys see now, its rules read from the plan catalog (the one source of plan rules). */
export async function planVisibility(plans: PlanCatalog, planId: string, now = new Date()): Promise<Visibility> {
  const plan = await plans.plan(planId);
  if (plan === null) throw insufficientPermissions();
  return visibilityOf(plan, now);
}
