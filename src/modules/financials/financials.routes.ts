import { Router, type RequestHandler } from 'express';
import type { Db } from '../../db/connection';
import { AnswerCache, type AnswerCacheOptions } from '../../http/cachedAnswers';
import { financialsHandlers } from './financials.handlers';
import { today } from './statementQuery';

/**
 * Answers that depend only on the statements and names. Not report-dates: its disclosure schedule is not a
 * versioned data set. Today's date is part of each key: `end_date` defaults to it.
 */
const CACHED_PATHS = [
  '/v1/financials/income-statement', '/v1/financials/balance-sheet', '/v1/financials/cash-flow',
  '/v1/financials/financial-metrics', '/api/v1/fundamentals',
];

/** The financial routes, and `cachedAnswers`: the warm path, mounted before the contract validator. */
export function financialsModule(db: Db, options?: AnswerCacheOptions): { routes: Router; cachedAnswers: RequestHandler } {
  const answers = new AnswerCache(db, { datasets: ['financials', 'reference'], paths: CACHED_PATHS, keyPrefix: today }, options);
  const handlers = financialsHandlers(db, answers);
  const routes = Router()
    .get('/v1/financials/income-statement', handlers.getIncomeStatement)
    .get('/v1/financials/balance-sheet', handlers.getBalanceSheet)
    .get('/v1/financials/cash-flow', handlers.getCashFlow)
    .get('/v1/financials/financial-metrics', handlers.getFinancialMetrics)
    .get('/v1/financials/report-dates', handlers.getReportDates)
    .get('/api/v1/fundamentals', handlers.getFundamentals);
  return { routes, cachedAnswers: answers.cachedAnswers() };
}
