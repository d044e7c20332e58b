import { Router } from 'express';
import type { Db } from '../../db/connection';
import { referenceHandlers } from './reference.handlers';

export function referenceRoutes(db: Db): Router {
  const handlers = referenceHandlers(db);
  return Router()
    .get('/v1/stock/list', handlers.getStockList)
    .get('/v1/stock/listing-status', handlers.getListingStatus)
    .get('/v1/stock/code-change', handlers.getCodeChanges)
    .get('/v1/indices/constituents', handlers.getIndexConstituents)
    .get('/v1/industry/constituents', handlers.getIndustryConstituents);
}
