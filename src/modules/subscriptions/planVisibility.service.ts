import { insufficientPermissions } from '../../domain/api/errors';
import { visibilityAt, type Visibility } from '../../domain/time/marketTime';
import type { PlanCatalog } from './planCatalog.service';

/**
 * What a plan lets its keys see now: its delays and tick access from the plan catalogue (the one source of
 * plan rules), the cut-offs on market time from `visibilityAt` (src/domain/time/marketTime.ts). Every data path asks
 * here — the /v1 and /api/v1 routes, every /dataapi api_name, and through them the MCP tools — and applies the
 * cut-offs with the one filter, `whereVisible` (modules/common/visibleRows.repository.ts).
 */
export class PlanVisibility {
  /** `clock`: the instant plan delays are counted from (tests move it). */
  constructor(
    private readonly plans: PlanCatalog,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async of(planId: string): Promise<Visibility> {
    const plan = await this.plans.plan(planId);
    if (plan === null) throw insufficientPermissions();
    return visibilityAt(
      {
        plan: plan.id,
        dailyDelayMinutes: Number(plan.daily_delay_minutes),
        minuteDelayMinutes: Number(plan.minute_delay_minutes),
        tickAccess: Boolean(Number(plan.tick_access)),
      },
      this.clock(),
    );
  }
}

/** Ticks need a plan with tick access, on any path that reads them: 403 insufficient_permissions. */
export function assertTickAccess(visibility: Visibility): void {
  if (!visibility.tickAccess)
    throw insufficientPermissions('Your plan has no access to ticks (trades); professional and enterprise have');
}
