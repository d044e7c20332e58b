import { Router } from 'express';
import type { Db } from '../../db/connection';
import { MarketContext, type MarketOptions } from './market.context';
import { marketHandlers } from './market.handlers';

export function marketRoutes(db: Db, options?: MarketOptions): Router {
  const handlers = marketHandlers(new MarketContext(db, options));
  return Router()
    .get('/v1/market/daily', handlers.getDaily);
}
