import { Router } from 'express';
import type { Db } from '../../db/connection';
import { eventsHandlers } from './events.handlers';

export function eventsRoutes(db: Db): Router {
  const handlers = eventsHandlers(db);
  return Router().get('/v1/events/dividends', handlers.getDividends).get('/v1/events/announcements', handlers.getAnnouncements);
}
