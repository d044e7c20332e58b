import express, { Router } from 'express';
import { paths } from '../paths';

const PAGE_DIR = paths.consolePage;

/** The web console: a static page at /console that talks to the account routes with a session token. */
export function consoleRoutes(): Router {
  const router = Router();
  router.get(['/console', '/console/'], (_req, res) => res.sendFile('index.html', { root: PAGE_DIR }));
  router.use('/console', express.static(PAGE_DIR, { index: false }));
  return router;
}
