import type { Db } from '../../db/connection';
import { sqlDateTimeToIso } from '../../domain/dates';
import { insufficientPermissions, notFound } from '../../domain/errors';
import { pageWindow, paginationOf } from '../../domain/pagination';
import { ok, okPage } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { signedIn } from '../../http/auth';
import type { KeyCache } from '../accounts/keyCache';
import type { UsageRecorder } from './usage.service';
import { findAccount, setAccountPlan, type AccountRow } from '../accounts/accounts.repository';
import { findKey } from '../accounts/apiKeys.repository';
import { effectiveRateLimit } from '../accounts/rateLimitPolicy';
import { bodyOf } from '../accounts/requestBody';
import { findPlan, insertInvoice, invoicePage, latestInvoiceAt, listPlans } from './billing.repository';
import { toInvoice, toPlan } from './billing.serializer';
import { usageReport } from './usageReport';
import { usageRange } from './usageRange';

export interface BillingDeps {
  db: Db;
  keyCache: KeyCache;
  usage: UsageRecorder;
}

export function billingHandlers({ db, keyCache, usage }: BillingDeps) {
  const subscriptionOf = async (account: AccountRow) => {
    const plan = (await findPlan(db, account.plan_id))!;
    const since = (await latestInvoiceAt(db, account.id)) ?? account.created_at;
    return { plan: toPlan(plan), rate_limit_per_minute: effectiveRateLimit(plan.rate_limit_per_minute, account.rate_limit_per_minute), since: sqlDateTimeToIso(since)! };
  };

  const listPlansHandler: Handler<'listPlans'> = async (_req, res) => {
    res.json(ok((await listPlans(db)).map(toPlan)));
  };

  const getSubscription: Handler<'getSubscription'> = async (_req, res) => {
    res.json(ok(await subscriptionOf(signedIn(res))));
  };

  const changeSubscription: Handler<'changeSubscription'> = async (req, res) => {
    const account = signedIn(res);
    const { plan: planId } = bodyOf(req, 'changeSubscription');
    if (planId === account.plan_id) return void res.json(ok(await subscriptionOf(account)));
    if (planId === 'enterprise') throw insufficientPermissions('Enterprise plans are arranged by contract');
    const plan = (await findPlan(db, planId))!;
    await db.transaction(async (trx) => {
      await setAccountPlan(trx, account.id, plan.id);
      await insertInvoice(trx, account.id, plan, account.plan_id);
    });
    keyCache.forgetAccount(account.id);
    res.json(ok(await subscriptionOf((await findAccount(db, account.id))!)));
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
    if (keyId !== undefined && (await findKey(db, accountId, keyId)) === null) throw notFound('API key not found');
    await usage.flush();
    res.json(ok(await usageReport(db, { accountId, keyId, ...range })));
  };

  return { listPlans: listPlansHandler, getSubscription, changeSubscription, getBillingHistory, getUsage };
}
