import type { Db } from '../../db/connection';
import { toSqlDateTime } from '../../domain/dates';
import type { PageRequest } from '../../domain/pagination';

export interface PlanRow {
  id: string;
  name: string;
  price_monthly_cents: number;
  rate_limit_per_minute: number | null;
  daily_delay_minutes: number;
  minute_delay_minutes: number;
  tick_access: boolean | number;
}

export interface InvoiceRow {
  id: number;
  plan_id: string;
  previous_plan_id: string | null;
  amount_cents: number;
  currency: string;
  period_start: string;
  period_end: string;
  created_at: string;
}

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db('plans').orderBy('sort_order').select('*');
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | null> {
  return (await db('plans').where({ id }).first()) ?? null;
}

/** Records the start of a subscription or a plan change: one month of the new plan from today (UTC). */
export async function insertInvoice(db: Db, accountId: number, plan: PlanRow, previousPlanId: string | null, at = new Date()): Promise<void> {
  const nextMonth = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()));
  await db('invoices').insert({
    account_id: accountId,
    plan_id: plan.id,
    previous_plan_id: previousPlanId,
    amount_cents: plan.price_monthly_cents,
    currency: 'CNY',
    period_start: at.toISOString().slice(0, 10),
    period_end: nextMonth.toISOString().slice(0, 10),
    created_at: toSqlDateTime(at),
  });
}

export async function invoicePage(db: Db, accountId: number, window: PageRequest): Promise<{ rows: InvoiceRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db('invoices').where({ account_id: accountId }).orderBy('id', 'desc').limit(window.limit).offset(window.offset).select('*'),
    db('invoices').where({ account_id: accountId }).count({ total: '*' }),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** When the current plan took effect: the newest invoice, or null when there is none (e.g. the demo account). */
export async function latestInvoiceAt(db: Db, accountId: number): Promise<string | null> {
  const row = await db('invoices').where({ account_id: accountId }).orderBy('id', 'desc').first('created_at');
  return row?.created_at ?? null;
}
