import type { Db } from '../../db/connection';
import { insufficientPermissions } from '../../domain/api/errors';
import type { SessionAccount } from '../../http/ports';
import { findPlan, insertInvoice, setAccountPlan } from '../subscriptions/subscriptions.repository';

/**
 * Moves the account to another self-service plan, with the invoice of the change in the same transaction; the
 * same plan changes nothing. Enterprise is arranged by contract, never chosen here (403). Whether the plan
 * changed: the caller then forgets the account's cached keys (their rate limit and delays).
 */
export async function changePlan(db: Db, account: SessionAccount, planId: string): Promise<boolean> {
  if (planId === account.plan_id) return false;
  if (planId === 'enterprise') throw insufficientPermissions('Enterprise plans are arranged by contract');
  const plan = (await findPlan(db, planId))!;
  await db.transaction(async (trx) => {
    await setAccountPlan(trx, account.id, plan.id);
    await insertInvoice(trx, account.id, plan, account.plan_id);
  });
  return true;
}
