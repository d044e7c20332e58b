import { Router } from 'express';
import { billingHandlers, type BillingDeps } from './billing.handlers';

export function billingRoutes(deps: BillingDeps): Router {
  const handlers = billingHandlers(deps);
  return Router()
    .get('/api/v1/billing/plans', handlers.listPlans)
    .get('/api/v1/billing/subscription', handlers.getSubscription)
    .post('/api/v1/billing/subscription', handlers.changeSubscription)
    .get('/api/v1/billing/history', handlers.getBillingHistory)
    .get('/api/v1/billing/usage', handlers.getUsage);
}
