import { Router } from 'express';
import type { Db } from '../../db/connection';
import { stocksHandlers } from './stocks.handlers';

export function stocksRoutes(db: Db): Router {
  const handlers = stocksHandlers(db);
  return Router()
    .get('/v1/stock/basic-info', handlers.getBasicInfo)
    .get('/v1/stock/search', handlers.searchStocks);
}
