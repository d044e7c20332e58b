import type { components } from '../../../generated/api';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import type { PlanRow } from '../subscriptions/subscriptions.types';
import type { InvoiceRow } from './billing.types';

type Plan = components['schemas']['Plan'];
type Invoice = components['schemas']['Invoice'];

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id as Plan['id'],
    name: row.name,
    price_monthly_cents: row.price_monthly_cents,
    currency: 'CNY',
    rate_limit_per_minute: row.rate_limit_per_minute,
    daily_delay_minutes: row.daily_delay_minutes,
    minute_delay_minutes: row.minute_delay_minutes,
    tick_access: Boolean(row.tick_access),
  };
}

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: Number(row.id),
    plan: row.plan_id,
    previous_plan: row.previous_plan_id,
    amount_cents: row.amount_cents,
    currency: 'CNY',
    period_start: row.period_start,
    period_end: row.period_end,
    created_at: sqlDateTimeToIso(row.created_at)!,
  };
}
