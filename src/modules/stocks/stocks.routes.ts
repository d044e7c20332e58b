import { Router } from 'express';
import type { Db } from '../../db/connection';
import { SecuritySearch } from './securitySearch.service';
import { stocksHandlers } from './stocks.handlers';

/** `dataVersionTtlMs`: how long search trusts the reference data version it read (see SecuritySearch). */
export function stocksRoutes(db: Db, options: { dataVersionTtlMs?: number } = {}): Router {
  const search = new SecuritySearch(db, options.dataVersionTtlMs);
  search.warmUp();
  const handlers = stocksHandlers(db, search);
  return Router()
    .get('/v1/stock/basic-info', handlers.getBasicInfo)
    .get('/v1/stock/search', handlers.searchStocks);
}
