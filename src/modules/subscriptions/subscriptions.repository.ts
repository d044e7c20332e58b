import type { Db } from '../../db/connection';
import { exchangeToday } from '../../domain/time/clock';
import { toSqlDateTime } from '../../domain/time/dates';
import type { PlanRow } from './subscriptions.types';

/** Every plan, in the order the console lists them. */
export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db('plans').orderBy('sort_order').select('*');
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | null> {
  return (await db('plans').where({ id }).first()) ?? null;
}

/** Moves an account to another plan (the caller records the invoice in the same transaction). */
export async function setAccountPlan(db: Db, id: number, planId: string): Promise<void> {
  await db('accounts').where({ id }).update({ plan_id: planId });
}

/** Records the start of a subscription or a plan change: one month of the new plan from today (exchange clock). */
export async function insertInvoice(
  db: Db,
  accountId: number,
  plan: PlanRow,
  previousPlanId: string | null,
  at = new Date(),
): Promise<void> {
  const today = exchangeToday(at);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const nextMonth = new Date(Date.UTC(year, month, day)); // month is 1-based here, so this is one month on
  await db('invoices').insert({
    account_id: accountId,
    plan_id: plan.id,
    previous_plan_id: previousPlanId,
    amount_cents: plan.price_monthly_cents,
    currency: 'CNY',
    period_start: today,
    period_end: nextMonth.toISOString().slice(0, 10),
    created_at: toSqlDateTime(at),
  });
}
