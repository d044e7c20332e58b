import { Router } from 'express';
import type { Db } from '../../db/connection';
import { financialsHandlers } from './financials.handlers';

export function financialsRoutes(db: Db): Router {
  const handlers = financialsHandlers(db);
  return Router()
    .get('/v1/financials/income-statement', handlers.getIncomeStatement)
    .get('/v1/financials/balance-sheet', handlers.getBalanceSheet)
    .get('/v1/financials/cash-flow', handlers.getCashFlow)
    .get('/v1/financials/financial-metrics', handlers.getFinancialMetrics)
    .get('/v1/financials/report-dates', handlers.getReportDates)
    .get('/api/v1/fundamentals', handlers.getFundamentals);
}
