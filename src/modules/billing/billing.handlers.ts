import type { Db } from '../../db/connection';
import { sqlDateTimeToIso } from '../../domain/time/dates';
import { notFound } from '../../domain/api/errors';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import { ok, okPage } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { signedIn } from '../../http/auth';
import type { SessionAccount } from '../../http/ports';
import { effectiveRateLimit } from '../../domain/access/rateLimits';
import { findPlan, listPlans } from '../subscriptions/subscriptions.repository';
import { changePlan } from './subscription.service';
import { invoicePage, latestInvoiceAt } from './billing.repository';
import { accountHasKey } from './usage.repository';
import type { UsageRecorder } from './usage.service';
import { toInvoice, toPlan } from './billing.serializer';
import { usageReport } from './usageReport.service';
import { usageRange } from '../../domain/time/usageRange';

export interface BillingDeps {
  db: Db;
  usage: UsageRecorder;
  /** Called after an account's plan changed (its keys' cached rate limit and delays are stale). */
  onPlanChange(accountId: number): void;
}

export function billingHandlers({ db, usage, onPlanChange }: BillingDeps) {
  const subscriptionOf = async (account: SessionAccount) => {
    const plan = (await findPlan(db, account.plan_id))!;
    const since = (await latestInvoiceAt(db, account.id)) ?? account.created_at;
    return {
      plan: toPlan(plan),
      rate_limit_per_minute: effectiveRateLimit(plan.rate_limit_per_minute, account.rate_limit_per_minute),
      since: sqlDateTimeToIso(since)!,
    };
  };

  const listPlansHandler: Handler<'listPlans'> = async (_req, res) => {
    res.json(ok((await listPlans(db)).map(toPlan)));
  };

  const getSubscription: Handler<'getSubscription'> = async (_req, res) => {
    res.json(ok(await subscriptionOf(signedIn(res))));
  };

  const changeSubscription: Handler<'changeSubscription'> = async (req, res) => {
    const account = signedIn(res);
    const { plan: planId } = req.body;
    if (await changePlan(db, account, planId)) onPlanChange(account.id);
    res.json(ok(await subscriptionOf({ ...account, plan_id: planId })));
  };

  const getBillingHistory: Handler<'getBillingHistory'> = async (req, res) => {
    const window = pageWindow(req.query);
    const { rows, total } = await invoicePage(db, signedIn(res).id, window);
    res.json(okPage(rows.map(toInvoice), paginationOf(window, total)));
  };

  const getUsage: Handler<'getUsage'> = async (req, res) => {
    const accountId = signedIn(res).id;
    const range = usageRange(req.query);
    const keyId = req.query.key_id;
    if (keyId !== undefined && !(await accountHasKey(db, accountId, keyId))) throw notFound('API key not found');
    await usage.flush();
    res.json(ok(await usageReport(db, { accountId, keyId, ...range })));
  };

  return { listPlans: listPlansHandler, getSubscription, changeSubscription, getBillingHistory, getUsage };
}
