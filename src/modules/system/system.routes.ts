import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';

const DOCS_PAGE = fileURLToPath(new URL('../../../data/docs.html', import.meta.url));

/** Routes outside the contract and without a key: liveness, the contract itself and its rendered docs. */
export function systemRoutes(contract: object): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/openapi.json', (_req, res) => {
    res.json(contract);
  });
  router.get('/docs', (_req, res, next) => {
    if (!existsSync(DOCS_PAGE)) return next();
    res.set('Content-Security-Policy', "default-src 'self' 'unsafe-inline' blob: data:; worker-src blob:");
    res.sendFile(DOCS_PAGE);
  });
  return router;
}
