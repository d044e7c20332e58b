import express, { Router } from 'express';
import { paths } from '../paths';

/**
 * The market explorer: a static page at /explorer that speaks only the public /v1 API with the key the person
 * pastes, and the charting library it draws with, from this server (no CDN: it works offline).
 */
export function explorerRoutes(): Router {
  const router = Router();
  router.get(['/explorer', '/explorer/'], (_req, res) => res.sendFile('explorer.html', { root: paths.explorerPage }));
  router.get('/explorer/vendor/lightweight-charts.js', (_req, res) => res.sendFile(paths.chartsLibrary));
  router.use('/explorer', express.static(paths.explorerPage, { index: false }));
  return router;
}
