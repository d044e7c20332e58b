import { fileURLToPath } from 'node:url';
import { Router } from 'express';

/** Built by `make types` with the scripts inlined (no CDN) and committed, so any start serves it. */
const DOCS_PAGE = fileURLToPath(new URL('../../../generated/docs.html', import.meta.url));

/** Routes outside the contract and without a key: liveness, the contract itself and its rendered docs. */
export function systemRoutes(contract: object): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/openapi.json', (_req, res) => {
    res.json(contract);
  });
  router.get('/docs', (_req, res) => {
    res.set('Content-Security-Policy', "default-src 'self' 'unsafe-inline' blob: data:; worker-src blob:");
    res.sendFile(DOCS_PAGE);
  });
  return router;
}
