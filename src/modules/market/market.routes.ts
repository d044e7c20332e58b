import { Router, type RequestHandler } from 'express';
import type { Db } from '../../db/connection';
import { MarketContext, type MarketOptions } from './market.context';
import { marketHandlers } from './market.handlers';

/** The market routes, and `cachedAnswers`: the warm path, mounted before the contract validator. */
export function marketModule(db: Db, options?: MarketOptions): { routes: Router; cachedAnswers: RequestHandler } {
  const context = new MarketContext(db, options);
  return { routes: marketRoutes(context), cachedAnswers: context.cachedAnswers() };
}

function marketRoutes(context: MarketContext): Router {
  const handlers = marketHandlers(context);
  return Router()
    .get('/v1/market/daily', handlers.getDaily)
    .get('/v1/market/klines', handlers.getKlines)
    .get('/v1/market/intraday', handlers.getIntraday)
    .get('/v1/market/trades', handlers.getTrades)
    .get('/v1/market/adjustment-factor', handlers.getAdjustmentFactor)
    .get('/v1/market/trading-calendar', handlers.getTradingCalendar)
    .get('/api/v1/stocks/prices', handlers.getLegacyStockPrices)
    .get('/api/v1/indices', handlers.getLegacyIndices);
}
